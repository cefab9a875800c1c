import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubPhoneScreen, watchBuilt } from '@/testing/phone';
import { renderWithProviders } from '@/testing/render';

import type { MailLabel } from '../../../../server/contracts/mail';
import { storeLabels, storeMails } from '../local/mail-store';
import { mailLabelsTable, mailsTable } from '../local/tables';
import { makeMail } from '../testing/make-mail';
import MailPage from './mail';

const labels: MailLabel[] = [
  'all',
  'inbox',
  'sent',
  'drafts',
  'starred',
  'important',
  'spam',
  'trash',
].map((id) => ({
  id,
  type: 'system',
  name: id,
  color: null,
  unreadCount: id === 'inbox' ? 1 : 0,
  totalCount: 2,
}));

beforeEach(async () => {
  await mailsTable().clear();
  await mailLabelsTable().clear();
  await storeLabels(labels);
  await storeMails([
    makeMail({
      id: 'm1',
      subject: 'Budget review',
      isRead: false,
      createdAt: '2026-11-21T10:00:00.000Z',
    }),
    makeMail({
      id: 'm2',
      subject: 'Team lunch',
      preview: 'Tuesday at noon',
      createdAt: '2026-11-20T10:00:00.000Z',
    }),
    makeMail({ id: 'm3', subject: 'Spam offer', folder: 'spam', labelIds: ['spam'] }),
  ]);
  // the server is unreachable: every request fails as a network error
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('mail page with the server unreachable', () => {
  it('lists the label from the device, says it is offline, searches locally and opens a mail by URL', async () => {
    const { user, router } = await renderWithProviders(<MailPage />, { route: '/dashboard/mail' });
    expect(await screen.findByText('Budget review')).toBeInTheDocument();
    expect(screen.getByText('Team lunch')).toBeInTheDocument();
    expect(screen.queryByText('Spam offer')).toBeNull();
    expect(await screen.findByTestId('mail-offline')).toHaveTextContent('Offline');

    await user.type(screen.getByRole('textbox', { name: 'Search mail' }), 'noon');
    await waitFor(() => expect(screen.queryByText('Budget review')).toBeNull());
    expect(screen.getByText('Team lunch')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toContain('q=noon'));

    await user.click(screen.getByText('Team lunch'));
    await waitFor(() => expect(router.state.location.search).toContain('id=m2'));
    expect(await screen.findByTestId('mail-details')).toBeInTheDocument();
  });

  it('opens the label named in the URL', async () => {
    await renderWithProviders(<MailPage />, { route: '/dashboard/mail?label=spam' });
    expect(await screen.findByText('Spam offer')).toBeInTheDocument();
    expect(screen.queryByText('Budget review')).toBeNull();
  });
});

describe('mail page on a phone', () => {
  it('shows the list first and builds the labels only when asked for', async () => {
    stubPhoneScreen();
    const labels = watchBuilt('nav[aria-label="Labels"]');
    const { user } = await renderWithProviders(<MailPage />, { route: '/dashboard/mail' });
    expect(await screen.findByText('Budget review')).toBeInTheDocument();
    expect(labels.stop()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Show labels' }));
    expect(await screen.findByRole('navigation', { name: 'Labels' })).toBeInTheDocument();
    expect(await screen.findByTestId('label-spam')).toBeInTheDocument();
  });
});
