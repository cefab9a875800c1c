import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';

import { emptyDraft } from '../local/compose-draft';
import { mailsTable } from '../local/tables';
import { MailCompose } from './mail-compose';

beforeEach(() => mailsTable().clear());
afterEach(() => vi.unstubAllGlobals());

async function compose(onClose = vi.fn()) {
  const rendered = await renderWithProviders(
    <MailCompose initial={emptyDraft()} suggestions={[]} onClose={onClose} />,
  );
  await screen.findByRole('textbox', { name: 'Message' });
  return { ...rendered, onClose };
}

describe('MailCompose sending', () => {
  it('refuses addresses that are not email addresses, naming them, and sends nothing', async () => {
    const api = stubApi({});
    const { user } = await compose();
    await user.type(screen.getByTestId('compose-to'), 'nobody{Enter}sam@example.com{Enter}');
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('Not an email address: nobody')).toBeInTheDocument();
    expect(api.calls('POST', '/api/mail/send')).toHaveLength(0);
  });

  it('asks for a recipient before sending', async () => {
    const api = stubApi({});
    const { user } = await compose();
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('Add at least one recipient.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/mail/send')).toHaveLength(0);
  });

  it('shows a refusal by the server on its field and keeps what was typed', async () => {
    stubApi({
      'POST /api/mail/send': () =>
        Response.json(
          { error: 'Invalid input.', fields: { to: 'No such mailbox: sam@example.com' } },
          { status: 400 },
        ),
    });
    const { user, onClose } = await compose();
    await user.type(screen.getByTestId('compose-to'), 'sam@example.com{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Figures for May');
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('No such mailbox: sam@example.com')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Figures for May');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the mail as a draft on this device when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { user, onClose } = await compose();
    await user.type(screen.getByTestId('compose-to'), 'sam@example.com{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Figures for May');
    await user.click(screen.getByTestId('compose-send'));
    expect(
      await screen.findByText(/the mail was not sent. Your draft is kept/),
    ).toBeInTheDocument();
    await waitFor(async () => {
      const drafts = await mailsTable().toArray();
      expect(drafts.map((m) => [m.folder, m.subject, m.to[0]?.email])).toEqual([
        ['drafts', 'Figures for May', 'sam@example.com'],
      ]);
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});
