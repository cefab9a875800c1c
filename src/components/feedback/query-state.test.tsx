import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiRequestError } from '@/lib/api-error';
import { renderWithProviders } from '@/testing/render';

import { QueryState, type QueryLike } from './query-state';

function Names({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['names'], queryFn: load, meta: { silent: true } });
  return (
    <QueryState
      query={query}
      loading={<p>Loading names</p>}
      isEmpty={(names) => names.length === 0}
      empty={<p>No names yet</p>}
    >
      {(names) => <ul>{names.map((n) => <li key={n}>{n}</li>)}</ul>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the loading state, then the data', async () => {
    let resolve: (names: string[]) => void = () => undefined;
    await renderWithProviders(<Names load={() => new Promise((r) => (resolve = r))} />);
    expect(screen.getByText('Loading names')).toBeInTheDocument();
    resolve(['Ada', 'Carol']);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Loading names')).toBeNull();
  });

  it('shows the empty state when there is nothing', async () => {
    await renderWithProviders(<Names load={() => Promise.resolve([])} />);
    expect(await screen.findByText('No names yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the error with a retry that loads again', async () => {
    let calls = 0;
    const load = () => (++calls === 1 ? Promise.reject(new Error('Broken')) : Promise.resolve(['Ada']));
    const { user } = await renderWithProviders(<Names load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('a failed load', () => {
    const failed = (error: unknown, data?: string[]): QueryLike<string[]> => ({
      isPending: false,
      isError: true,
      error,
      data,
      refetch: () => undefined,
    });
    const show = (query: QueryLike<string[]>, keepData = false) => (
      <QueryState
        query={query}
        loading={<p>Loading names</p>}
        notFound={<p>No such list</p>}
        keepData={keepData}
      >
        {(names) => <p>{names.join(', ')}</p>}
      </QueryState>
    );
    const restNotFound = () =>
      new ApiRequestError(new Response(null, { status: 404 }), { error: 'Not found' });
    const trpcNotFound = () => Object.assign(new Error('Not found'), { data: { code: 'NOT_FOUND' } });

    it('shows the not-found state for a REST 404 and a tRPC NOT_FOUND', async () => {
      const { unmount } = await renderWithProviders(show(failed(restNotFound())));
      expect(screen.getByText('No such list')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
      await renderWithProviders(show(failed(trpcNotFound())));
      expect(screen.getByText('No such list')).toBeInTheDocument();
    });

    it('shows the error, not the not-found state, for any other failure', async () => {
      const error = new ApiRequestError(new Response(null, { status: 500 }), { error: 'Database down' });
      await renderWithProviders(show(failed(error)));
      expect(screen.getByRole('alert')).toHaveTextContent('Database down');
      expect(screen.queryByText('No such list')).toBeNull();
    });

    it('replaces what was shown, unless asked to keep the data of before', async () => {
      const { unmount } = await renderWithProviders(show(failed(new Error('Broken'), ['Ada'])));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      expect(screen.queryByText('Ada')).toBeNull();
      unmount();
      await renderWithProviders(show(failed(new Error('Broken'), ['Ada']), true));
      expect(screen.getByText('Ada')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
