import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { QueryState } from '@/components/feedback/query-state';
import { trpc } from '@/lib/trpc';

import { ListingSkeleton } from './listing-results';
import { VideoCard } from './video-card';

/** Films nearest by meaning (the embedding index) to one film. */
export function SimilarVideos({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const similar = useQuery({
    ...trpc.catalogue.similar.queryOptions({ videoId, limit: 8 }),
    meta: { silent: true },
  });
  return (
    <Stack gap="sm" data-testid="similar-videos">
      <Title order={2} size="h4">
        {t('catalogue.similar.title')}
      </Title>
      <QueryState
        query={similar}
        loading={<ListingSkeleton kind="clips" />}
        isEmpty={(data) => data.videos.length === 0}
        empty={
          <Text c="dimmed" size="sm">
            {t('catalogue.similar.none')}
          </Text>
        }
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {data.videos.map((video) => (
              <VideoCard key={video.id} video={video} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
