import { Card, Checkbox, Group, Image, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { FileItem } from '../../../../server/contracts/files';
import { linkUrl } from '../api/files-api';
import { formatBytes } from '../upload/check-file';
import { FileIcon } from './file-icon';
import { ItemMenu, type ItemCommand } from './item-menu';

interface ViewProps {
  items: FileItem[];
  selected: string[];
  onToggle: (id: string) => void;
  onCommand: (command: ItemCommand, item: FileItem) => void;
}

export function FileGrid({ items, selected, onToggle, onCommand }: ViewProps) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, md: 4, xl: 6 }}
      spacing="sm"
      role="list"
      aria-label={t('files.title')}
    >
      {items.map((item) => (
        <Card
          key={item.id}
          withBorder
          padding="xs"
          radius="md"
          role="listitem"
          aria-label={item.name}
          data-selected={selected.includes(item.id) || undefined}
        >
          <Card.Section pos="relative">
            <UnstyledButton
              onClick={() => onCommand('open', item)}
              w="100%"
              aria-label={t('files.actions.openName', { name: item.name })}
            >
              {item.urls?.thumbnail ? (
                <Image
                  src={linkUrl(item.urls.thumbnail)}
                  alt=""
                  h={110}
                  fit="cover"
                  loading="lazy"
                />
              ) : (
                <Group h={110} justify="center" bg="var(--mantine-color-default-hover)">
                  <FileIcon item={item} size={44} />
                </Group>
              )}
            </UnstyledButton>
            <Checkbox
              pos="absolute"
              top={6}
              style={{ insetInlineStart: 6 }}
              checked={selected.includes(item.id)}
              onChange={() => onToggle(item.id)}
              aria-label={t('files.actions.select', { name: item.name })}
            />
          </Card.Section>
          <Group gap={4} mt="xs" wrap="nowrap" justify="space-between">
            <div style={{ minWidth: 0 }}>
              <Group gap={4} wrap="nowrap">
                {item.favourite ? (
                  <IconStarFilled
                    size={12}
                    color="var(--mantine-color-yellow-6)"
                    aria-label={t('files.favourite')}
                  />
                ) : null}
                <Text size="sm" fw={500} truncate="end" title={item.name}>
                  {item.name}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {item.kind === 'folder' ? t('files.folder') : formatBytes(item.size, i18n.language)}
              </Text>
            </div>
            <ItemMenu item={item} onCommand={onCommand} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
