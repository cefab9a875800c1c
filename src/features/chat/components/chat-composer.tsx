import { ActionIcon, FileButton, Group, Textarea, Tooltip } from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './chat.module.css';

interface ChatComposerProps {
  /** resolves false when the message was not sent (the text then stays in the box) */
  onSend: (text: string) => Promise<boolean>;
  onImage: (file: File) => Promise<boolean>;
  disabled?: boolean;
}

export function ChatComposer({ onSend, onImage, disabled }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    const value = text.trim();
    if (!value || busy) return;
    setText('');
    const ok = await onSend(value);
    if (!ok) setText((current) => current || value);
  }

  return (
    <Group
      gap="xs"
      p="sm"
      wrap="nowrap"
      align="flex-end"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <FileButton
        accept="image/png,image/jpeg,image/gif,image/webp"
        onChange={(file) => {
          if (!file) return;
          setBusy(true);
          void onImage(file).finally(() => setBusy(false));
        }}
      >
        {(props) => (
          <Tooltip label={t('chat.composer.image')}>
            <ActionIcon
              {...props}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('chat.composer.image')}
              loading={busy}
              disabled={disabled}
            >
              <IconPhoto size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
      <Textarea
        flex={1}
        autosize
        minRows={1}
        maxRows={5}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
        placeholder={t('chat.composer.placeholder')}
        aria-label={t('chat.composer.label')}
        data-testid="chat-input"
      />
      <Tooltip label={t('chat.composer.send')}>
        <ActionIcon
          size="lg"
          onClick={() => void submit()}
          aria-label={t('chat.composer.send')}
          disabled={disabled || !text.trim()}
          data-testid="chat-send"
        >
          <IconSend size={18} className={classes.flip} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
