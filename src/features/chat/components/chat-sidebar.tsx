import {
  ActionIcon,
  Button,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconMessageCirclePlus, IconMessages, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import { conversationTitle, type LocalConversation } from '../local/chat-store';
import classes from './chat.module.css';
import { ConversationList, PersonAvatar } from './conversation-list';

interface ChatSidebarProps {
  conversations: LocalConversation[] | undefined;
  contacts: ChatParticipant[] | undefined;
  activeId: string | null;
  meId: string | undefined;
  search: string;
  onSearch: (search: string) => void;
  /** a conversation's id or a person's id */
  onOpen: (id: string) => void;
  onNew: () => void;
}

/** Every word must appear in the haystack (case-insensitive). */
const matches = (words: string[], haystack: string) =>
  words.every((w) => haystack.toLowerCase().includes(w));

/** The search box, the people the search finds, and the conversations it leaves. */
export function ChatSidebar({
  conversations,
  contacts,
  activeId,
  meId,
  search,
  onSearch,
  onOpen,
  onNew,
}: ChatSidebarProps) {
  const { t } = useTranslation();
  const words = useMemo(() => search.toLowerCase().split(/\s+/).filter(Boolean), [search]);
  const people = useMemo(
    () =>
      words.length === 0
        ? []
        : (contacts ?? []).filter((c) => matches(words, `${c.name} ${c.email ?? ''}`)),
    [contacts, words],
  );
  const shown = conversations?.filter(
    (c) => words.length === 0 || matches(words, conversationTitle(c, meId)),
  );
  return (
    <div className={classes.pane}>
      <Group p="xs" gap={6} wrap="nowrap">
        <TextInput
          flex={1}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          placeholder={t('chat.search.placeholder')}
          aria-label={t('chat.search.label')}
          data-testid="chat-search"
        />
        <Tooltip label={t('chat.new.title')}>
          <ActionIcon variant="light" size="lg" onClick={onNew} aria-label={t('chat.new.title')}>
            <IconMessageCirclePlus size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea flex={1} type="auto">
        {people.length > 0 ? (
          <Stack gap={2} p={4} data-testid="contact-results">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="xs">
              {t('chat.search.people')}
            </Text>
            {people.map((c) => (
              <UnstyledButton
                key={c.id}
                className={classes.item}
                onClick={() => onOpen(c.id)}
                data-testid="contact"
              >
                <PersonAvatar person={c} size={32} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {c.status === 'online'
                      ? t('chat.presence.online')
                      : (c.email ?? t('chat.presence.offline'))}
                  </Text>
                </div>
              </UnstyledButton>
            ))}
          </Stack>
        ) : null}
        {shown && shown.length === 0 && people.length === 0 ? (
          <EmptyState
            title={search ? t('chat.search.noneTitle') : t('chat.list.emptyTitle')}
            description={search ? t('chat.search.noneText') : t('chat.list.emptyText')}
            icon={<IconMessages size={28} />}
            action={
              <Button size="xs" variant="light" onClick={onNew}>
                {t('chat.new.title')}
              </Button>
            }
          />
        ) : (
          <ConversationList conversations={shown} activeId={activeId} meId={meId} onOpen={onOpen} />
        )}
      </ScrollArea>
    </div>
  );
}
