import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { makeMail } from '../testing/make-mail';
import { MailDetails } from './mail-details';

const noop = () => undefined;

describe('MailDetails', () => {
  it('renders the formatted body (script and handlers are checked in Chromium, tests/e2e/mail-chat.test.ts)', async () => {
    await renderWithProviders(
      <MailDetails
        mail={makeMail()}
        labels={[]}
        onClose={noop}
        onCompose={noop}
        onEditDraft={noop}
      />,
    );
    const body = screen.getByTestId('mail-body');
    expect(body.querySelector('strong')).toHaveTextContent('team');
  });

  it('labels every icon with what it does and lists attachments', async () => {
    const mail = makeMail({
      attachments: [{ id: 'a1', fileName: 'figures.csv', contentType: 'text/csv', size: 2048 }],
    });
    await renderWithProviders(
      <MailDetails mail={mail} labels={[]} onClose={noop} onCompose={noop} onEditDraft={noop} />,
    );
    for (const name of [
      'Reply',
      'Reply all',
      'Forward',
      'Star',
      'Mark as important',
      'Mark as unread',
      'Labels',
      'Report spam',
      'Move to Trash',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByTestId('attachment')).toHaveTextContent('figures.csv · 2 KB');
    expect(screen.getByRole('heading', { name: 'Quarterly plan' })).toBeInTheDocument();
  });

  it('offers restore and delete forever in Trash', async () => {
    await renderWithProviders(
      <MailDetails
        mail={makeMail({ folder: 'trash', labelIds: ['trash'] })}
        labels={[]}
        onClose={noop}
        onCompose={noop}
        onEditDraft={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'Restore from Trash' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete forever' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to Trash' })).toBeNull();
  });
});
