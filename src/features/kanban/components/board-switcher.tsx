// Which board is shown: the user's own and the ones shared with them, each with the user's role
// on it. A menu (arrow keys, Enter, Escape), so it costs nothing until opened.
import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLayoutKanban } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { BoardRow } from '../local/tables';

interface BoardSwitcherProps {
  boards: BoardRow[];
  current: BoardRow;
  onChoose: (boardId: string) => void;
}

export function boardLabel(
  board: BoardRow,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  return board.role === 'owner'
    ? t('kanban.boards.mine')
    : t('kanban.boards.sharedBy', { board: board.name, owner: board.owner.name });
}

export function BoardSwitcher({ boards, current, onChoose }: BoardSwitcherProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconLayoutKanban size={16} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={t('kanban.boards.switch', { name: boardLabel(current, t) })}
          data-testid="board-switcher"
        >
          <Text span truncate maw={{ base: 170, sm: 320 }} inherit>
            {boardLabel(current, t)}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="board-list">
        <Menu.Label>{t('kanban.boards.title')}</Menu.Label>
        {boards.map((board) => (
          <Menu.Item
            key={board.id}
            onClick={() => onChoose(board.id)}
            leftSection={
              board.id === current.id ? <IconCheck size={14} /> : <span style={{ width: 14 }} />
            }
            aria-current={board.id === current.id ? 'true' : undefined}
            data-testid="board-option"
          >
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate>
                {boardLabel(board, t)}
              </Text>
              <Badge size="xs" variant="light" color={board.role === 'viewer' ? 'gray' : 'blue'}>
                {t(`sharing.roles.${board.role}`)}
              </Badge>
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
