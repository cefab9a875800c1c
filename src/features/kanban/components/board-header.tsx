// The board page's header: which board (switcher), the user's role on it ("view only" for a
// viewer), who else is looking, sharing (the owner) and pending invitations. The dialogs load
// when first opened, the invitations button once the board has painted.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { idlePart, usePreloadAfterPaint } from '@/lib/idle-part';

import type { Viewer } from '../../../../server/contracts/live';
import type { BoardView } from '../local/board-store';
import { BoardSwitcher } from './board-switcher';
import { PresenceBar } from './presence-bar';

const membersDialog = idlePart(() =>
  import('@/components/sharing/members-dialog').then((m) => m.MembersDialog),
);
const invitationsButton = idlePart(() =>
  import('@/components/sharing/invitations-button').then((m) => m.InvitationsButton),
);

interface BoardHeaderProps {
  view: BoardView | undefined;
  viewers: Viewer[];
  onChoose: (boardId: string) => void;
}

export function BoardHeader({ view, viewers, onChoose }: BoardHeaderProps) {
  const { t } = useTranslation();
  const [sharing, setSharing] = useState(false);
  usePreloadAfterPaint(!!view, invitationsButton);
  const board = view?.board;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('kanban.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('kanban.subtitle')}
          </Text>
        </div>
        <invitationsButton.Part wanted={false} />
      </Group>
      {board && view ? (
        <Group gap="sm" wrap="wrap" data-testid="board-header">
          <BoardSwitcher boards={view.boards} current={board} onChoose={onChoose} />
          {view.writable ? null : (
            <Badge
              size="lg"
              variant="light"
              color="gray"
              leftSection={<IconEye size={14} />}
              data-testid="view-only"
            >
              {t('kanban.boards.viewOnly')}
            </Badge>
          )}
          <PresenceBar viewers={viewers} cardName={(id) => view.cards[id]?.name} />
          {board.role === 'owner' ? (
            <Button
              variant="light"
              leftSection={<IconUsers size={16} />}
              onClick={() => setSharing(true)}
              ms="auto"
              data-testid="share-board"
            >
              {t('kanban.boards.share')}
            </Button>
          ) : null}
          <membersDialog.Part
            wanted={sharing}
            opened={sharing}
            onClose={() => setSharing(false)}
            target={{ kind: 'board', id: board.id }}
            name={board.name}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
