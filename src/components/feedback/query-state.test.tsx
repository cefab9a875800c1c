import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { QueryState } from './query-state';

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
});
