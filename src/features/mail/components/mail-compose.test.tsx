import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import { emptyDraft } from '../local/compose-draft';
import { MailCompose } from './mail-compose';

describe('MailCompose', () => {
  it('names the body editor itself, the element screen readers announce as a text box', async () => {
    await renderWithProviders(
      <MailCompose initial={emptyDraft()} suggestions={[]} onClose={() => undefined} />,
    );
    const body = await screen.findByRole('textbox', { name: 'Message' });
    expect(body).toHaveAttribute('contenteditable', 'true');
    expect(body).toHaveAttribute('aria-multiline', 'true');
  });

  it('renames it when the language changes', async () => {
    await renderWithProviders(
      <MailCompose initial={emptyDraft()} suggestions={[]} onClose={() => undefined} />,
    );
    await screen.findByRole('textbox', { name: 'Message' });
    await changeLanguage('ar');
    expect(await screen.findByRole('textbox', { name: 'نص الرسالة' })).toHaveAttribute(
      'contenteditable',
      'true',
    );
    await changeLanguage('en');
  });
});
