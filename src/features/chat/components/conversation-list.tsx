import {
  Avatar,
  Badge,
  Group,
  Indicator,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import { conversationTitle, type LocalConversation } from '../local/chat-store';
import classes from './chat.module.css';

export function PersonAvatar({ person, size = 40 }: { person: ChatParticipant; size?: number }) {
  return (
    <Indicator
      color={person.status === 'online' ? 'green' : 'gray'}
      position="bottom-end"
      offset={5}
      size={10}
      withBorder
      disabled={person.status !== 'online'}
    >
      <Avatar name={person.name} color="initials" radius="xl" size={size} src={person.avatarUrl} />
    </Indicator>
  );
}

/** An avatar group (docs/product-rules.md#layout-and-charts): at most this many faces, then "+N". */
export const AVATAR_GROUP_MAX = 4;

/** The people of a group conversation (the title next to it names them all). */
function ParticipantAvatars({ people }: { people: ChatParticipant[] }) {
  const shown = people.length > AVATAR_GROUP_MAX ? people.slice(0, AVATAR_GROUP_MAX) : people;
  const more = people.length - shown.length;
  return (
    <Avatar.Group spacing="sm" aria-hidden="true" style={{ flexShrink: 0 }} data-testid="conversation-avatars">
      {shown.map((p) => (
        <Avatar key={p.id} name={p.name} color="initials" radius="xl" size={30} src={p.avatarUrl} />
      ))}
      {more > 0 ? (
        <Avatar radius="xl" size={30} data-testid="more-participants">
          +{more}
        </Avatar>
      ) : null}
    </Avatar.Group>
  );
}

interface ConversationListProps {
  conversations: LocalConversation[] | undefined;
  activeId: string | null;
  meId: string | undefined;
  onOpen: (id: string) => void;
}

export function ConversationList({ conversations, activeId, meId, onOpen }: ConversationListProps) {
  const { t, i18n } = useTranslation();
  if (!conversations)
    return (
      <Stack gap="xs" p="xs" data-testid="conversations-loading">
        {Array.from({ length: 5 }, (_, i) => (
          <Group key={i} gap="sm">
            <Skeleton circle h={40} w={40} />
            <Stack gap={6} flex={1}>
              <Skeleton h={10} w="60%" />
              <Skeleton h={10} w="85%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  return (
    <Stack gap={2} p={4} role="list" data-testid="conversation-list">
      {conversations.map((c) => {
        const others = c.participants.filter((p) => p.id !== meId);
        const last = c.messages.at(-1);
        const lastText = last
          ? last.contentType === 'image'
            ? t('chat.list.image')
            : last.body
          : t('chat.list.noMessages');
        return (
          <div role="listitem" key={c.id}>
            <UnstyledButton
              className={classes.item}
              data-active={c.id === activeId || undefined}
              onClick={() => onOpen(c.id)}
              data-testid="conversation"
            >
              {others.length === 1 ? (
                <PersonAvatar person={others[0]!} />
              ) : (
                <ParticipantAvatars people={others} />
              )}
              <Stack gap={0} flex={1} miw={0}>
                <Group justify="space-between" wrap="nowrap" gap={4}>
                  <Text size="sm" fw={c.unreadCount > 0 ? 700 : 500} truncate>
                    {conversationTitle(c, meId)}
                  </Text>
                  {last ? (
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {new Intl.DateTimeFormat(
                        isLanguage(i18n.language) ? LANGUAGE_META[i18n.language].intl : 'en-US',
                        { hour: '2-digit', minute: '2-digit' },
                      ).format(new Date(last.createdAt))}
                    </Text>
                  ) : null}
                </Group>
                <Group justify="space-between" wrap="nowrap" gap={4}>
                  <Text
                    size="xs"
                    c={c.unreadCount > 0 ? undefined : 'dimmed'}
                    fw={c.unreadCount > 0 ? 600 : 400}
                    truncate
                  >
                    {last?.senderId === meId ? `${t('chat.list.you')}: ` : ''}
                    {lastText}
                  </Text>
                  {c.unreadCount > 0 ? (
                    <Badge
                      size="sm"
                      circle={c.unreadCount < 10}
                      data-testid="unread-count"
                      aria-label={t('chat.list.unread', { count: c.unreadCount })}
                    >
                      {c.unreadCount}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
            </UnstyledButton>
          </div>
        );
      })}
    </Stack>
  );
}
