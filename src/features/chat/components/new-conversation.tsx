import { Button, Checkbox, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import { PersonAvatar } from './conversation-list';

interface NewConversationProps {
  contacts: ChatParticipant[] | undefined;
  onStart: (ids: string[]) => Promise<void>;
}

/** /chat/new: choose one person (opens or creates the direct conversation) or several (a group). */
export function NewConversation({ contacts, onStart }: NewConversationProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = (contacts ?? []).filter((c) =>
    words.every((w) => `${c.name} ${c.email ?? ''}`.toLowerCase().includes(w)),
  );
  return (
    <Stack p="md" gap="sm" h="100%" data-testid="new-conversation">
      <Title order={2} size="h4">
        {t('chat.new.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('chat.new.text')}
      </Text>
      <TextInput
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={t('chat.search.placeholder')}
        aria-label={t('chat.search.label')}
      />
      <ScrollArea flex={1} type="auto">
        {shown.length === 0 ? (
          <EmptyState title={t('chat.search.noneTitle')} description={t('chat.search.noneText')} />
        ) : (
          <Stack gap={6}>
            {shown.map((c) => (
              <Checkbox
                key={c.id}
                checked={chosen.includes(c.id)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setChosen((list) => (on ? [...list, c.id] : list.filter((id) => id !== c.id)));
                }}
                label={
                  <Group gap="sm" wrap="nowrap">
                    <PersonAvatar person={c} size={32} />
                    <div>
                      <Text size="sm" fw={500}>
                        {c.name}
                      </Text>
                      {c.email ? (
                        <Text size="xs" c="dimmed">
                          {c.email}
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                }
                styles={{ body: { alignItems: 'center' } }}
              />
            ))}
          </Stack>
        )}
      </ScrollArea>
      <Group justify="flex-end">
        <Button
          leftSection={<IconUsersGroup size={18} />}
          disabled={chosen.length === 0}
          loading={busy}
          onClick={() => {
            setBusy(true);
            void onStart(chosen).finally(() => setBusy(false));
          }}
          data-testid="start-conversation"
        >
          {chosen.length > 1
            ? t('chat.new.startGroup', { count: chosen.length })
            : t('chat.new.start')}
        </Button>
      </Group>
    </Stack>
  );
}
