import { Alert, Box, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCloudOff, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { ChatComposer } from '../components/chat-composer';
import { ChatSidebar } from '../components/chat-sidebar';
import { ChatThread } from '../components/chat-thread';
import classes from '../components/chat.module.css';
import { NewConversation } from '../components/new-conversation';
import { ThreadHeader } from '../components/thread-header';
import { conversationTitle } from '../local/chat-store';
import { useChatMirror } from '../local/use-chat-mirror';
import { sendFirstMessage, sendToConversation, startGroup } from '../local/use-chat-send';

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
  const meId = user?.id;
  const chat = useChatMirror(key);
  const { conversation, remoteParticipants } = chat;

  const participants = conversation?.participants ?? remoteParticipants ?? [];
  const others = participants.filter((p) => p.id !== meId);
  const open = (id: string) => {
    setSearch('');
    void navigate(paths.dashboard.chat.conversation.href(id));
  };
  const startNew = () => void navigate(paths.dashboard.chat.new.path);

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
    const id = await startGroup(ids);
    if (id) open(id);
  }

  const nav = (
    <ChatSidebar
      conversations={chat.conversations}
      contacts={chat.contacts}
      activeId={conversation?.id ?? null}
      meId={meId}
      search={search}
      onSearch={setSearch}
      onOpen={open}
      onNew={startNew}
    />
  );

  const threadPane = isNew ? (
    <div className={classes.pane}>
      <NewConversation contacts={chat.contacts} onStart={start} />
    </div>
  ) : key ? (
    <div className={classes.pane} data-testid="chat-conversation">
      <ThreadHeader
        title={conversation ? conversationTitle(conversation, meId) : null}
        participants={participants}
        others={others}
        onBack={phone ? () => void navigate(paths.dashboard.chat.root.path) : undefined}
      />
      {conversation || remoteParticipants ? (
        <ChatThread
          messages={conversation?.messages ?? []}
          participants={participants}
          meId={meId}
        />
      ) : chat.remoteMissing ? (
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
        disabled={!conversation && !remoteParticipants}
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
        {chat.offline ? (
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
