import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { ErrorState } from '@/components/feedback/error-state';
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
      {similar.isPending ? <ListingSkeleton kind="clips" /> : null}
      {similar.isError ? (
        <ErrorState error={similar.error} onRetry={() => void similar.refetch()} />
      ) : null}
      {similar.data && similar.data.videos.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('catalogue.similar.none')}
        </Text>
      ) : null}
      {similar.data ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {similar.data.videos.map((video) => (
            <VideoCard key={video.id} video={video} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
