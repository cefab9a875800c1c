import {
  AspectRatio,
  Button,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';

import { fileListQuery, linkUrl } from '../api/files-api';
import { Lightbox } from '../components/lightbox';

export default function ImagesPage() {
  const { t } = useTranslation();
  const [index, setIndex] = useState<number | null>(null);
  const images = useQuery(
    fileListQuery({
      view: 'search',
      category: 'image',
      sort: 'updated',
      order: 'desc',
      limit: 1000,
    }),
  );
  const items = images.data?.items ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('files.images.title')}
      </Title>
      <QueryState
        query={images}
        loading={
          <SimpleGrid
            cols={{ base: 2, sm: 3, md: 4, lg: 6 }}
            aria-busy="true"
            role="status"
            aria-label={t('files.loading')}
          >
            {Array.from({ length: 12 }, (_, i) => (
              <Skeleton key={i} h={140} radius="md" />
            ))}
          </SimpleGrid>
        }
        isEmpty={() => items.length === 0}
        empty={
          <Paper withBorder radius="md">
            <EmptyState
              headingOrder={2}
              icon={<IconPhoto size={28} />}
              title={t('files.images.emptyTitle')}
              description={t('files.images.emptyText')}
              action={
                <Button component={Link} to={paths.dashboard.imageUpload.path}>
                  {t('files.images.upload')}
                </Button>
              }
            />
          </Paper>
        }
      >
        {() => (
          <SimpleGrid
            cols={{ base: 2, sm: 3, md: 4, lg: 6 }}
            spacing="xs"
            role="list"
            aria-label={t('files.images.title')}
          >
            {items.map((item, i) => (
              <UnstyledButton
                key={item.id}
                role="listitem"
                onClick={() => setIndex(i)}
                aria-label={t('files.actions.openName', { name: item.name })}
              >
                <AspectRatio ratio={1}>
                  <Image
                    src={
                      item.urls?.thumbnail
                        ? linkUrl(item.urls.thumbnail)
                        : linkUrl(item.urls?.content ?? '')
                    }
                    alt={item.name}
                    radius="md"
                    fit="cover"
                    loading="lazy"
                  />
                </AspectRatio>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <Lightbox images={items} index={index} onIndex={setIndex} />
    </Stack>
  );
}
