import { Button, Stack, Tabs } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { paths } from '@/config/paths';

import { favouriteClipSearchOptions, favouriteVideoSearchOptions } from '../api/catalogue-queries';
import { CatalogueListing } from '../components/catalogue-listing';
import { ClipRow } from '../components/clip-row';
import { PageHeader } from '../components/page-header';
import { VideoCard } from '../components/video-card';
import { useClipFilters } from '../filters/use-clip-filters';
import { usePagingMode } from '../filters/use-paging-mode';

type Kind = 'videos' | 'clips';
const SCOPE = { favourites: true };

function NoFavourites({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  return (
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
}

function FavouriteVideos() {
  const { t } = useTranslation();
  const { filters } = useClipFilters();
  const { mode } = usePagingMode();
  const query = useInfiniteQuery(favouriteVideoSearchOptions(filters, mode));
  return (
    <CatalogueListing
      kind="videos"
      query={query}
      scope={SCOPE}
      searchLabel={t('catalogue.favorited.searchVideos')}
      emptyState={<NoFavourites kind="videos" />}
      renderItem={(video) => <VideoCard video={video} />}
    />
  );
}

function FavouriteClips() {
  const { t } = useTranslation();
  const { filters } = useClipFilters();
  const { mode } = usePagingMode();
  const query = useInfiniteQuery(favouriteClipSearchOptions(filters, mode));
  return (
    <CatalogueListing
      kind="clips"
      query={query}
      scope={SCOPE}
      searchLabel={t('catalogue.favorited.searchClips')}
      emptyState={<NoFavourites kind="clips" />}
      renderItem={(clip) => <ClipRow clip={clip} />}
    />
  );
}

/**
 * /dashboard/favorited: the videos and clips the user marked with a heart, searched, filtered,
 * sorted and paged like the other listings (the filters stay when the tab changes).
 */
export default function FavoritedPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Kind = params.get('tab') === 'clips' ? 'clips' : 'videos';
  const showTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'clips') next.set('tab', 'clips');
        else next.delete('tab');
        next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('catalogue.favorited.title')}
        description={t('catalogue.favorited.description')}
      />
      <Tabs value={tab} onChange={showTab}>
        <Tabs.List>
          <Tabs.Tab value="videos">{t('catalogue.favorited.videos')}</Tabs.Tab>
          <Tabs.Tab value="clips">{t('catalogue.favorited.clips')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="videos" pt="lg">
          {tab === 'videos' ? <FavouriteVideos /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="clips" pt="lg">
          {tab === 'clips' ? <FavouriteClips /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
