import { Button, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { OfflineNotice } from '@/components/feedback/offline-state';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/i18n';
import { trpc } from '@/lib/trpc';

import { ListingSkeleton } from '../components/catalogue-listing';
import { ClipRow } from '../components/clip-row';
import { PageHeader } from '../components/page-header';
import { VideoCard } from '../components/video-card';

/** /dashboard/favorited: the videos and clips the user marked with a heart. */
export default function FavoritedPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'clips' ? 'clips' : 'videos';
  const favourites = useQuery({ ...trpc.favourites.list.queryOptions(), meta: { silent: true } });
  const data = favourites.data;

  const empty = (kind: 'videos' | 'clips') => (
    <EmptyState
      icon={<IconHeart size={28} />}
      title={t(`catalogue.favorited.empty.${kind}`)}
      description={t('catalogue.favorited.emptyBody')}
      action={
        <Button
          component={Link}
          to={kind === 'videos' ? paths.dashboard.videos.root.path : paths.dashboard.clips.path}
          variant="light"
        >
          {t(`catalogue.favorited.browse.${kind}`)}
        </Button>
      }
    />
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('catalogue.favorited.title')}
        description={t('catalogue.favorited.description')}
      />
      <OfflineNotice message={t('catalogue.offline')} />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value === 'clips' ? { tab: 'clips' } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List>
          <Tabs.Tab value="videos">
            {t('catalogue.favorited.videos')}
            {data ? ` (${formatNumber(data.videos.length)})` : ''}
          </Tabs.Tab>
          <Tabs.Tab value="clips">
            {t('catalogue.favorited.clips')}
            {data ? ` (${formatNumber(data.clips.length)})` : ''}
          </Tabs.Tab>
        </Tabs.List>
        <Stack pt="lg">
          {favourites.isPending ? <ListingSkeleton kind={tab} /> : null}
          {favourites.isError ? (
            <ErrorState error={favourites.error} onRetry={() => void favourites.refetch()} />
          ) : null}
          {data && tab === 'videos' ? (
            data.videos.length === 0 ? (
              empty('videos')
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg">
                {data.videos.map((video) => (
                  <VideoCard key={video.id} video={video} />
                ))}
              </SimpleGrid>
            )
          ) : null}
          {data && tab === 'clips' ? (
            data.clips.length === 0 ? (
              empty('clips')
            ) : (
              <Stack gap="lg">
                {data.clips.map((clip) => (
                  <ClipRow key={clip.id} clip={clip} />
                ))}
              </Stack>
            )
          ) : null}
        </Stack>
      </Tabs>
    </Stack>
  );
}
