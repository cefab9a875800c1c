import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconEye,
  IconFolderShare,
  IconPencil,
  IconRestore,
  IconShare,
  IconStar,
  IconStarOff,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { FileItem } from '../../../../server/contracts/files';

export type ItemCommand =
  'open' | 'download' | 'rename' | 'move' | 'share' | 'favourite' | 'trash' | 'restore' | 'delete';

/** What the caller's role allows on an item, in the order the menu shows it. */
export function commandsFor(item: FileItem): ItemCommand[] {
  if (item.trashedAt) return ['restore', 'delete'];
  const owner = item.role === 'owner';
  const list: ItemCommand[] = ['open'];
  if (item.kind === 'file') list.push('download');
  if (owner || item.role === 'editor') list.push('rename');
  if (owner) list.push('move', 'share', 'favourite', 'trash');
  return list;
}

const ICONS = {
  open: IconEye,
  download: IconDownload,
  rename: IconPencil,
  move: IconFolderShare,
  share: IconShare,
  favourite: IconStar,
  trash: IconTrash,
  restore: IconRestore,
  delete: IconTrashX,
};

export function ItemMenu({
  item,
  onCommand,
}: {
  item: FileItem;
  onCommand: (command: ItemCommand, item: FileItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('files.actions.more', { name: item.name })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {commandsFor(item).map((command) => {
          const Icon = command === 'favourite' && item.favourite ? IconStarOff : ICONS[command];
          const label =
            command === 'favourite' && item.favourite
              ? t('files.actions.unfavourite')
              : t(`files.actions.${command}`);
          return (
            <Menu.Item
              key={command}
              leftSection={<Icon size={16} />}
              color={command === 'trash' || command === 'delete' ? 'red' : undefined}
              onClick={() => onCommand(command, item)}
            >
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
