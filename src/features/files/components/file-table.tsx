import { Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { FileItem } from '../../../../server/contracts/files';
import { formatBytes } from '../upload/check-file';
import { FileIcon } from './file-icon';
import { ItemMenu, type ItemCommand } from './item-menu';

interface ViewProps {
  items: FileItem[];
  selected: string[];
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onCommand: (command: ItemCommand, item: FileItem) => void;
}

export function FileTable({ items, selected, onToggle, onToggleAll, onCommand }: ViewProps) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(
    i18n.language === 'vn' ? 'vi' : i18n.language === 'cn' ? 'zh-CN' : i18n.language,
    {
      dateStyle: 'medium',
      timeStyle: 'short',
    },
  );
  const all = items.length > 0 && items.every((i) => selected.includes(i.id));
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing="xs" aria-label={t('files.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                checked={all}
                indeterminate={!all && selected.length > 0}
                onChange={onToggleAll}
                aria-label={t('files.actions.selectAll')}
              />
            </Table.Th>
            <Table.Th>{t('files.columns.name')}</Table.Th>
            <Table.Th>{t('files.columns.size')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('files.columns.modified')}</Table.Th>
            <Table.Th visibleFrom="md">{t('files.columns.owner')}</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item.id}
              aria-label={item.name}
              bg={selected.includes(item.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <Checkbox
                  checked={selected.includes(item.id)}
                  onChange={() => onToggle(item.id)}
                  aria-label={t('files.actions.select', { name: item.name })}
                />
              </Table.Td>
              <Table.Td>
                <UnstyledButton
                  onClick={() => onCommand('open', item)}
                  aria-label={t('files.actions.openName', { name: item.name })}
                >
                  <Group gap="xs" wrap="nowrap">
                    <FileIcon item={item} />
                    <Text size="sm" truncate="end" maw={320}>
                      {item.name}
                    </Text>
                    {item.favourite ? (
                      <IconStarFilled
                        size={12}
                        color="var(--mantine-color-yellow-6)"
                        aria-label={t('files.favourite')}
                      />
                    ) : null}
                  </Group>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {item.kind === 'folder' ? '—' : formatBytes(item.size, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{date.format(new Date(item.updatedAt))}</Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{item.role === 'owner' ? t('files.me') : item.owner.name}</Text>
              </Table.Td>
              <Table.Td>
                <ItemMenu item={item} onCommand={onCommand} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
