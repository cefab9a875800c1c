import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiRequestError } from '@/lib/api-error';
import { renderWithProviders } from '@/testing/render';

import { ErrorState } from './error-state';

/** What tRPC's client throws when fetch fails: its own error, the fetch error as the cause. */
function trpcNetworkError() {
  const error = new Error('Failed to fetch', { cause: new TypeError('Failed to fetch') });
  error.name = 'TRPCClientError';
  return error;
}

describe('ErrorState', () => {
  it("says the server can't be reached when a load got no answer, and offers to retry", async () => {
    const retry = vi.fn();
    const { user } = await renderWithProviders(<ErrorState error={new TypeError('Failed to fetch')} onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Can't reach the server");
    expect(alert).toHaveTextContent('Check your connection and try again.');
    expect(alert).not.toHaveTextContent('Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says the same for a tRPC call whose fetch failed, never "Failed to fetch"', async () => {
    await renderWithProviders(<ErrorState error={trpcNetworkError()} />);
    expect(screen.getByRole('alert')).toHaveTextContent("Can't reach the server");
    expect(screen.getByRole('alert')).not.toHaveTextContent('Failed to fetch');
  });

  it("shows the server's message, or the generic one, for an answer that failed", async () => {
    const answer = new ApiRequestError(new Response(null, { status: 404 }), { error: 'Post not found' });
    const { unmount } = await renderWithProviders(<ErrorState error={answer} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this');
    expect(screen.getByRole('alert')).toHaveTextContent('Post not found');
    unmount();
    await renderWithProviders(<ErrorState error={new ApiRequestError(new Response(null, { status: 500 }), {})} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('reads in Arabic', async () => {
    await renderWithProviders(<ErrorState error={new TypeError('Failed to fetch')} />, { language: 'ar' });
    expect(screen.getByRole('alert')).toHaveTextContent('تعذّر الوصول إلى الخادم');
  });
});
