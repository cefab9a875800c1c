import { ActionIcon, Group, Image, Modal, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { FileItem } from '../../../../server/contracts/files';
import { linkUrl } from '../api/files-api';

/** One image at a time, full size, with previous/next (buttons and arrow keys, mirrored in RTL). */
export function Lightbox({
  images,
  index,
  onIndex,
}: {
  images: FileItem[];
  index: number | null;
  onIndex: (i: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const current = index === null ? null : images[index];
  const go = (step: number) =>
    index !== null && images.length > 0 && onIndex((index + step + images.length) % images.length);
  useHotkeys([
    ['ArrowLeft', () => go(rtl ? 1 : -1)],
    ['ArrowRight', () => go(rtl ? -1 : 1)],
  ]);
  return (
    <Modal
      opened={current != null}
      onClose={() => onIndex(null)}
      title={current?.name}
      size="auto"
      centered
    >
      {current?.urls ? (
        <>
          <Image
            src={linkUrl(current.urls.content)}
            alt={current.name}
            mah="75vh"
            maw="90vw"
            fit="contain"
          />
          <Group justify="space-between" mt="sm">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('files.lightbox.previous')}
              onClick={() => go(-1)}
            >
              {rtl ? <IconChevronRight /> : <IconChevronLeft />}
            </ActionIcon>
            <Text size="sm" c="dimmed">
              {t('files.lightbox.position', { n: (index ?? 0) + 1, total: images.length })}
            </Text>
            <Group gap="xs">
              <ActionIcon
                component="a"
                href={linkUrl(current.urls.download)}
                download={current.name}
                variant="default"
                size="lg"
                aria-label={t('files.actions.download')}
              >
                <IconDownload size={18} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('files.lightbox.next')}
                onClick={() => go(1)}
              >
                {rtl ? <IconChevronLeft /> : <IconChevronRight />}
              </ActionIcon>
            </Group>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
