import '@mantine/dropzone/styles.layer.css';

import { AspectRatio, Button, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { IMAGE_UPLOAD_TYPES } from '../../../../server/contracts/files';
import { linkUrl } from '../api/files-api';
import { UploadPanel } from '../components/upload-panel';
import { MAX_EDGE, resizeImage } from '../upload/resize-image';
import { useUploadQueue } from '../upload/use-upload-queue';

export default function ImageUploadPage() {
  const { t } = useTranslation();
  const { queue, entries } = useUploadQueue();
  const done = entries.filter((e) => e.status === 'done' && e.item?.urls);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('files.imageUpload.title')}</Title>
        <Button component={Link} to={paths.dashboard.images.path} variant="default">
          {t('files.imageUpload.gallery')}
        </Button>
      </Group>
      <Text c="dimmed">{t('files.imageUpload.text', { edge: MAX_EDGE })}</Text>
      <UploadPanel
        queue={queue}
        entries={entries}
        accept={IMAGE_UPLOAD_TYPES}
        prepare={resizeImage}
      />
      {done.length > 0 ? (
        <>
          <Title order={2} size="h4">
            {t('files.imageUpload.done')}
          </Title>
          <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs">
            {done.map((e) => (
              <AspectRatio key={e.id} ratio={1}>
                <Image
                  src={linkUrl(e.item!.urls!.thumbnail ?? e.item!.urls!.content)}
                  alt={e.name}
                  radius="md"
                  fit="cover"
                />
              </AspectRatio>
            ))}
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
