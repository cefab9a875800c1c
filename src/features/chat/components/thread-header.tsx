import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import classes from './chat.module.css';
import { PersonAvatar } from './conversation-list';

interface ThreadHeaderProps {
  /** the conversation's title when it is known */
  title: string | null;
  participants: ChatParticipant[];
  others: ChatParticipant[];
  /** shown on phones, where the thread replaces the list */
  onBack?: () => void;
}

/** Who the conversation is with: a face and presence for one person, a head count for more. */
export function ThreadHeader({ title, participants, others, onBack }: ThreadHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group
      p="sm"
      gap="sm"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {onBack ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onBack}
          aria-label={t('chat.thread.back')}
        >
          <IconArrowLeft size={20} className={classes.flip} />
        </ActionIcon>
      ) : null}
      {others.length === 1 ? <PersonAvatar person={others[0]!} /> : null}
      <Stack gap={0} miw={0}>
        <Text fw={600} truncate data-testid="chat-title">
          {title ?? (others.map((p) => p.name).join(', ') || '…')}
        </Text>
        <Text size="xs" c="dimmed">
          {others.length === 1
            ? t(others[0]!.status === 'online' ? 'chat.presence.online' : 'chat.presence.offline')
            : t('chat.thread.people', { count: participants.length })}
        </Text>
      </Stack>
    </Group>
  );
}
