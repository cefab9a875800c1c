import { Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { OfflineNotice } from '@/components/feedback/offline-state';

import { GallerySection } from './gallery-section';

/** The designed states every list has: empty (with its next action), error (with a retry),
 *  offline, loading. */
export function StatesGallery() {
  const { t } = useTranslation();
  const [retries, setRetries] = useState(0);
  return (
    <GallerySection id="gallery-states" title={t('marketing.gallery.states')} description={t('marketing.gallery.statesBody')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <EmptyState
          icon={<IconMovie size={28} />}
          title={t('marketing.gallery.emptyTitle')}
          description={t('marketing.gallery.emptyBody')}
          action={<Button variant="light">{t('marketing.gallery.emptyAction')}</Button>}
        />
        <Stack gap="md" justify="center">
          <ErrorState
            title={retries ? t('marketing.gallery.errorRetried', { count: retries }) : t('marketing.gallery.errorTitle')}
            onRetry={() => setRetries((n) => n + 1)}
          />
          <OfflineNotice preview message={t('marketing.gallery.offlineMessage')} />
          <Stack gap={6} role="status" aria-label={t('marketing.gallery.loading')}>
            <Skeleton height={14} radius="xl" />
            <Skeleton height={14} radius="xl" width="80%" />
            <Skeleton height={14} radius="xl" width="60%" />
          </Stack>
          <DelayedLoader delay={0} minHeight={48} />
        </Stack>
      </SimpleGrid>
    </GallerySection>
  );
}
