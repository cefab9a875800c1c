import { Stack } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { videoSearchOptions } from '../api/catalogue-queries';
import { CatalogueListing } from '../components/catalogue-listing';
import { PageHeader } from '../components/page-header';
import { VideoCard } from '../components/video-card';
import { useClipFilters } from '../filters/use-clip-filters';
import { usePagingMode } from '../filters/use-paging-mode';

/** /dashboard/videos: every film the user may see, newest premiere first by default. */
export default function VideosPage() {
  const { t } = useTranslation();
  const { filters } = useClipFilters();
  const { mode } = usePagingMode();
  const query = useInfiniteQuery(videoSearchOptions(filters, mode));
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('catalogue.videos.title')}
        description={t('catalogue.videos.description')}
      />
      <CatalogueListing
        kind="videos"
        query={query}
        searchLabel={t('catalogue.search.videos')}
        renderItem={(video) => <VideoCard video={video} />}
      />
    </Stack>
  );
}
