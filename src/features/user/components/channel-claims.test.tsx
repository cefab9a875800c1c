import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type { ChannelClaim } from '../../../../server/contracts/user';
import { ChannelClaims } from './channel-claims';

const claim = (id: string, name: string, emailVerified: boolean): ChannelClaim => ({
  id,
  status: 'pending',
  youtubeChannelId: `UC${id}`,
  channelName: `${name}'s Channel`,
  createdAt: '2026-01-01T00:00:00.000Z',
  user: { id: `user-${id}`, name, email: `${id}@example.com`, emailVerified },
});

afterEach(() => vi.unstubAllGlobals());

describe('ChannelClaims', () => {
  it('lists pending claims, approves only a verified claimant, and sends the decision', async () => {
    const calls: { method: string; path: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push({
          method: request.method,
          path: new URL(request.url).pathname,
          body: await request.text(),
        });
        return request.method === 'GET'
          ? Response.json({ claims: [claim('a', 'Ada', true), claim('b', 'Ben', false)] })
          : Response.json({ ok: true, status: 'refused' });
      }),
    );
    const { user } = await renderWithProviders(<ChannelClaims formatDate={(iso) => iso.slice(0, 10)} />);
    expect(await screen.findByText("Ada's Channel")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve the channel claim of Ada' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Approve the channel claim of Ben' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Refuse the channel claim of Ben' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: '/api/v1/user/channel-claims/b',
        body: JSON.stringify({ status: 'refused' }),
      }),
    );
  });
});
