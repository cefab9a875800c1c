import {
  Button,
  Center,
  Code,
  Group,
  Image,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { QueryState } from '@/components/feedback/query-state';

import type { FileItem } from '../../../../server/contracts/files';
import { fetchText, linkUrl } from '../api/files-api';
import { formatBytes } from '../upload/check-file';
import { FileIcon } from './file-icon';

function TextPreview({ url }: { url: string }) {
  const { t } = useTranslation();
  const text = useQuery({
    queryKey: ['files', 'text', url],
    queryFn: () => fetchText(url),
    staleTime: 60_000,
  });
  return (
    <QueryState
      query={text}
      loading={
        <Center h={200}>
          <Loader role="status" aria-label={t('files.loading')} />
        </Center>
      }
    >
      {(content) => (
        <ScrollArea.Autosize mah="60vh">
          <Code block style={{ whiteSpace: 'pre-wrap', unicodeBidi: 'plaintext' }}>
            {content}
          </Code>
        </ScrollArea.Autosize>
      )}
    </QueryState>
  );

}

/** Shows an image, video, audio, PDF or text file in a modal; anything else offers a download. */
export function FilePreview({ item, onClose }: { item: FileItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const urls = item?.urls;
  const content = urls ? linkUrl(urls.content) : '';
  let body = null;
  if (item && urls) {
    const type = item.contentType ?? '';
    if (item.category === 'image')
      body = <Image src={content} alt={item.name} fit="contain" mah="70vh" />;
    else if (item.category === 'video')
      body = (
        // a user's own file has no caption track to offer
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          src={content}
          controls
          style={{ width: '100%', maxHeight: '70vh' }}
          aria-label={item.name}
        />
      );
    else if (item.category === 'audio')
      body = (
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio src={content} controls style={{ width: '100%' }} aria-label={item.name} />
      );
    else if (type === 'application/pdf')
      body = (
        <iframe
          src={content}
          title={item.name}
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      );
    else if (item.category === 'text') body = <TextPreview url={urls.content} />;
    else
      body = (
        <Stack align="center" py="xl" gap="xs">
          <FileIcon item={item} size={48} />
          <Text c="dimmed">{t('files.preview.none')}</Text>
        </Stack>
      );
  }
  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.name} size="xl" centered>
      {body}
      {item && urls ? (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {formatBytes(item.size, i18n.language)} · {item.contentType}
          </Text>
          <Button
            component="a"
            href={linkUrl(urls.download)}
            download={item.name}
            leftSection={<IconDownload size={16} />}
            variant="light"
          >
            {t('files.actions.download')}
          </Button>
        </Group>
      ) : null}
    </Modal>
  );
}
