import { Stack } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { clipSearchOptions } from '../api/catalogue-queries';
import { CatalogueListing } from '../components/catalogue-listing';
import { ClipRow } from '../components/clip-row';
import { PageHeader } from '../components/page-header';
import { useClipFilters } from '../filters/use-clip-filters';
import { usePagingMode } from '../filters/use-paging-mode';

/** /dashboard/clips: clip search with the same filters, most viral first by default. */
export default function ClipsPage() {
  const { t } = useTranslation();
  const { filters } = useClipFilters();
  const { mode } = usePagingMode();
  const query = useInfiniteQuery(clipSearchOptions(filters, mode));
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('catalogue.clips.title')}
        description={t('catalogue.clips.description')}
      />
      <CatalogueListing
        kind="clips"
        query={query}
        searchLabel={t('catalogue.search.clips')}
        renderItem={(clip) => <ClipRow clip={clip} />}
      />
    </Stack>
  );
}
