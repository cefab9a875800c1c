import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type { PublicUser } from '../../../../server/contracts/user';
import { emptyDraft } from '../local/compose-draft';
import { MailCompose } from './mail-compose';

const auth = vi.hoisted(() => ({ user: null as PublicUser | null }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({ isInitialized: true, isAuthenticated: auth.user !== null, user: auth.user }),
}));

const person = (emailVerified: boolean): PublicUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Una',
  lastName: 'Verified',
  email: 'una@example.com',
  username: 'una@example.com',
  slug: 'una-verified',
  role: 'user',
  youtubeExternalId: null,
  referringUserId: null,
  emailVerified,
  createdAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

const compose = () =>
  renderWithProviders(<MailCompose initial={emptyDraft()} suggestions={[]} onClose={() => undefined} />);

describe('MailCompose and an unverified email', () => {
  it('says sending needs a verified address and resends the link', async () => {
    auth.user = person(false);
    const fetch = vi.fn(() => Promise.resolve(Response.json({ ok: true, alreadyVerified: false })));
    vi.stubGlobal('fetch', fetch);
    const { user } = await compose();
    expect(await screen.findByText(/Sending mail needs a verified email address/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('button', { name: 'Link sent' })).toBeDisabled();
    const [request] = fetch.mock.calls[0] as unknown as [Request];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v1/user/verify/request');
  });

  it('shows nothing of the kind once the email is verified', async () => {
    auth.user = person(true);
    await compose();
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByTestId('verify-email-notice')).toBeNull();
  });
});
