import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import type { LocalMessage } from '../local/chat-store';
import { ChatImage } from './chat-image';
import classes from './chat.module.css';

interface ChatThreadProps {
  messages: LocalMessage[];
  participants: ChatParticipant[];
  meId: string | undefined;
}

export function ChatThread({ messages, participants, meId }: ChatThreadProps) {
  const { t, i18n } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [last]);
  const names = new Map(participants.map((p) => [p.id, p.name]));
  const group = participants.length > 2;
  const time = new Intl.DateTimeFormat(
    isLanguage(i18n.language) ? LANGUAGE_META[i18n.language].intl : 'en-US',
    {
      hour: '2-digit',
      minute: '2-digit',
    },
  );

  if (messages.length === 0)
    return (
      <Box flex={1}>
        <EmptyState
          title={t('chat.thread.emptyTitle')}
          description={t('chat.thread.emptyText')}
          icon={<IconMessageCircle size={28} />}
        />
      </Box>
    );
  return (
    <ScrollArea flex={1} viewportRef={viewport} type="auto">
      <Stack
        gap={6}
        p="md"
        role="log"
        aria-live="polite"
        aria-label={t('chat.thread.label')}
        data-testid="chat-thread"
      >
        {messages.map((m) => {
          const mine = m.senderId === meId;
          return (
            <Group key={m.id} justify={mine ? 'flex-end' : 'flex-start'} data-testid="chat-message">
              <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} maw="min(80%, 560px)">
                {group && !mine ? (
                  <Text size="xs" c="dimmed">
                    {names.get(m.senderId) ?? ''}
                  </Text>
                ) : null}
                <div
                  className={classes.bubble}
                  data-mine={mine || undefined}
                  data-pending={m.pending || undefined}
                >
                  {m.attachments.map((a) => (
                    <ChatImage key={a.id} attachment={a} conversationId={m.conversationId} />
                  ))}
                  {m.body ? (
                    <Text size="sm" inherit>
                      {m.body}
                    </Text>
                  ) : null}
                </div>
                <Text size="xs" c="dimmed">
                  {m.pending ? t('chat.thread.sending') : time.format(new Date(m.createdAt))}
                </Text>
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
