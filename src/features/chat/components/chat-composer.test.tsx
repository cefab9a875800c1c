import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { ChatComposer } from './chat-composer';
import { ChatThread } from './chat-thread';

// happy-dom has no FontFaceSet; Mantine's autosize textarea listens to it
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

describe('ChatComposer', () => {
  it('sends on Enter, adds a line on Shift+Enter', async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    const { user } = await renderWithProviders(
      <ChatComposer onSend={onSend} onImage={() => Promise.resolve(true)} />,
    );
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond');
    expect(box).toHaveValue('');
  });

  it('puts the text back when sending is refused (offline)', async () => {
    const onSend = vi.fn(() => Promise.resolve(false));
    const { user } = await renderWithProviders(
      <ChatComposer onSend={onSend} onImage={() => Promise.resolve(true)} />,
    );
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'are you there?{Enter}');
    await waitFor(() => expect(box).toHaveValue('are you there?'));
  });
});

describe('ChatThread', () => {
  it('shows message bodies as text, never as markup', async () => {
    await renderWithProviders(
      <ChatThread
        meId="me"
        participants={[]}
        messages={[
          {
            id: 'x',
            seq: 1,
            conversationId: 'c',
            body: '<img src=x onerror="window.hacked=1"><script>alert(1)</script>',
            contentType: 'text',
            attachments: [],
            createdAt: new Date().toISOString(),
            senderId: 'other',
          },
        ]}
      />,
    );
    const log = screen.getByRole('log');
    expect(log.querySelector('img, script')).toBeNull();
    expect(log).toHaveTextContent('<script>alert(1)</script>');
  });
});
