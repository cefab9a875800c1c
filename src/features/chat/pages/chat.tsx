import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCloudOff,
  IconMessageCirclePlus,
  IconMessages,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import {
  getContacts,
  getConversation,
  getParticipants,
  startConversation,
} from '../api/chat-api';
import { ChatComposer } from '../components/chat-composer';
import { ChatThread } from '../components/chat-thread';
import classes from '../components/chat.module.css';
import { ConversationList, PersonAvatar } from '../components/conversation-list';
import { NewConversation } from '../components/new-conversation';
import {
  conversationTitle,
  markConversationSeen,
  storeContacts,
  storeConversations,
  useContacts,
  useConversationByKey,
  useConversations,
} from '../local/chat-store';
import { refreshConversations, useChatLive } from '../local/live';
import { sendFirstMessage, sendToConversation } from '../local/use-chat-send';

export default function ChatPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { conversationKey } = useParams();
  const isNew = location.pathname === paths.dashboard.chat.new.path;
  const key = isNew ? undefined : conversationKey;
  const phone = useMediaQuery('(max-width: 62em)') ?? false;
  const [search, setSearch] = useState('');

  const conversations = useConversations();
  const contacts = useContacts();
  const conversation = useConversationByKey(key);
  const stream = useChatLive(conversation && key ? { id: conversation.id, key } : null);

  const list = useQuery({
    queryKey: ['chat', 'conversations'],
    queryFn: async () => {
      await refreshConversations();
      return true;
    },
    meta: { silent: true },
    retry: false,
  });
  useQuery({
    queryKey: ['chat', 'contacts'],
    queryFn: async () => {
      const { contacts: people } = await getContacts();
      await storeContacts(people);
      return people.length;
    },
    meta: { silent: true },
    retry: false,
    refetchInterval: 60_000,
  });
  // a key not in the mirror: a conversation to fetch, or a person to start one with
  const remote = useQuery({
    queryKey: ['chat', 'key', key],
    enabled: Boolean(key) && conversation === null,
    meta: { silent: true },
    retry: false,
    queryFn: async (): Promise<ChatParticipant[]> => {
      try {
        const { conversation: found } = await getConversation(key!);
        await storeConversations([found], false);
        return found.participants;
      } catch (error) {
        if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
        return (await getParticipants(key!)).participants;
      }
    },
  });

  // opening a conversation makes it active and marks it seen (docs/product-rules.md#chat), online
  // or not
  const activeId = conversation?.id;
  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    // a full disk is shown by the sync status (save-change.ts)
    if (activeId && unread > 0) void markConversationSeen(activeId).catch(() => undefined);
  }, [activeId, unread]);

  const offline =
    stream === 'offline' || (list.isError && !(list.error instanceof ApiRequestError));
  const meId = user?.id;
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matchingContacts = useMemo(
    () =>
      words.length === 0
        ? []
        : (contacts ?? []).filter((c) =>
            words.every((w) => `${c.name} ${c.email ?? ''}`.toLowerCase().includes(w)),
          ),
    [contacts, words],
  );
  const shownConversations = conversations?.filter(
    (c) =>
      words.length === 0 ||
      words.every((w) => conversationTitle(c, meId).toLowerCase().includes(w)),
  );

  const participants = conversation?.participants ?? remote.data ?? [];
  const others = participants.filter((p) => p.id !== meId);
  const open = (id: string) => {
    setSearch('');
    void navigate(paths.dashboard.chat.conversation.href(id));
  };

  async function send(text: string, file: File | null = null) {
    if (!meId || !key) return false;
    if (conversation) return sendToConversation(conversation.id, meId, text, file);
    const id = await sendFirstMessage(
      others.map((p) => p.id),
      text,
      file,
    );
    if (id) void navigate(paths.dashboard.chat.conversation.href(id), { replace: true });
    return Boolean(id);
  }

  async function start(ids: string[]) {
    if (ids.length === 1) return open(ids[0]!);
    if (!navigator.onLine) {
      notify.warning(t('chat.offline.sendRefused'));
      return;
    }
    try {
      const { conversation: created } = await startConversation(ids);
      await storeConversations([created], false);
      open(created.id);
    } catch {
      notify.warning(t('chat.offline.sendRefused'));
    }
  }

  const nav = (
    <div className={classes.pane}>
      <Group p="xs" gap={6} wrap="nowrap">
        <TextInput
          flex={1}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder={t('chat.search.placeholder')}
          aria-label={t('chat.search.label')}
          data-testid="chat-search"
        />
        <Tooltip label={t('chat.new.title')}>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={() => void navigate(paths.dashboard.chat.new.path)}
            aria-label={t('chat.new.title')}
          >
            <IconMessageCirclePlus size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea flex={1} type="auto">
        {matchingContacts.length > 0 ? (
          <Stack gap={2} p={4} data-testid="contact-results">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="xs">
              {t('chat.search.people')}
            </Text>
            {matchingContacts.map((c) => (
              <UnstyledButton
                key={c.id}
                className={classes.item}
                onClick={() => open(c.id)}
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
        {shownConversations && shownConversations.length === 0 && matchingContacts.length === 0 ? (
          <EmptyState
            title={search ? t('chat.search.noneTitle') : t('chat.list.emptyTitle')}
            description={search ? t('chat.search.noneText') : t('chat.list.emptyText')}
            icon={<IconMessages size={28} />}
            action={
              <Button
                size="xs"
                variant="light"
                onClick={() => void navigate(paths.dashboard.chat.new.path)}
              >
                {t('chat.new.title')}
              </Button>
            }
          />
        ) : (
          <ConversationList
            conversations={shownConversations}
            activeId={conversation?.id ?? null}
            meId={meId}
            onOpen={open}
          />
        )}
      </ScrollArea>
    </div>
  );

  const threadPane = isNew ? (
    <div className={classes.pane}>
      <NewConversation contacts={contacts} onStart={start} />
    </div>
  ) : key ? (
    <div className={classes.pane} data-testid="chat-conversation">
      <Group
        p="sm"
        gap="sm"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {phone ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => void navigate(paths.dashboard.chat.root.path)}
            aria-label={t('chat.thread.back')}
          >
            <IconArrowLeft size={20} className={classes.flip} />
          </ActionIcon>
        ) : null}
        {others.length === 1 ? <PersonAvatar person={others[0]!} /> : null}
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate data-testid="chat-title">
            {conversation
              ? conversationTitle(conversation, meId)
              : others.map((p) => p.name).join(', ') || '…'}
          </Text>
          <Text size="xs" c="dimmed">
            {others.length === 1
              ? t(others[0]!.status === 'online' ? 'chat.presence.online' : 'chat.presence.offline')
              : t('chat.thread.people', { count: participants.length })}
          </Text>
        </Stack>
      </Group>
      {conversation || remote.data ? (
        <ChatThread
          messages={conversation?.messages ?? []}
          participants={participants}
          meId={meId}
        />
      ) : remote.isError ? (
        <Box flex={1}>
          <EmptyState
            title={t('chat.thread.missingTitle')}
            description={t('chat.thread.missingText')}
          />
        </Box>
      ) : (
        <Box flex={1} />
      )}
      <ChatComposer
        onSend={(text) => send(text)}
        onImage={(file) => send('', file)}
        disabled={!conversation && !remote.data}
      />
    </div>
  ) : (
    <div className={classes.pane}>
      <EmptyState
        title={t('chat.thread.noneTitle')}
        description={t('chat.thread.noneText')}
        icon={<IconMessages size={28} />}
      />
    </div>
  );

  return (
    <Box data-testid="chat-page">
      <Group justify="space-between" mb="md" gap="xs" wrap="nowrap">
        <Title order={1} size="h3">
          {t('chat.title')}
        </Title>
        {offline ? (
          <Alert
            variant="light"
            color="gray"
            icon={<IconCloudOff size={16} />}
            p={6}
            role="status"
            data-testid="chat-offline"
          >
            <Text size="xs">{t('chat.offline.banner')}</Text>
          </Alert>
        ) : null}
      </Group>
      <div className={classes.layout}>
        {phone ? (
          isNew || key ? (
            threadPane
          ) : (
            nav
          )
        ) : (
          <>
            {nav}
            {threadPane}
          </>
        )}
      </div>
    </Box>
  );
}
