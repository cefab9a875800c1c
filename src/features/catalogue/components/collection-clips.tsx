import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconFolder, IconX } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { paths } from '@/config/paths';

import type { CollectionSummary } from '../../../../server/contracts/catalogue';
import { removeClipFromCollectionOptions } from '../api/edit-collections';
import { collectionClipSearchOptions } from '../api/get-collections';
import { useClipFilters } from '../filters/use-clip-filters';
import { usePagingMode } from '../filters/use-paging-mode';
import { CatalogueListing } from './catalogue-listing';
import { ClipRow } from './clip-row';

/** One collection's clips, searched like any listing, each with a way out of the collection. */
export function CollectionClips({ collection }: { collection: CollectionSummary }) {
  const { t } = useTranslation();
  const { filters } = useClipFilters();
  const { mode } = usePagingMode();
  const query = useInfiniteQuery(collectionClipSearchOptions(collection.id, filters, mode));
  const removeClip = useMutation(removeClipFromCollectionOptions());
  return (
    <CatalogueListing
      kind="clips"
      query={query}
      scope={{ collectionId: collection.id }}
      filtersInDrawer
      searchLabel={t('catalogue.collections.search', { name: collection.name })}
      emptyState={
        <EmptyState
          icon={<IconFolder size={28} />}
          title={t('catalogue.collections.noClips')}
          description={t('catalogue.collections.noClipsBody')}
          action={
            <Button component={Link} to={paths.dashboard.clips.path} variant="light">
              {t('catalogue.favorited.browse.clips')}
            </Button>
          }
        />
      }
      renderItem={(clip) => (
        <ClipRow
          clip={clip}
          actions={
            <Tooltip label={t('catalogue.collections.removeClip')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('catalogue.collections.removeClipNamed', { title: clip.title })}
                onClick={() => removeClip.mutate({ collectionId: collection.id, clipId: clip.id })}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          }
        />
      )}
    />
  );
}
