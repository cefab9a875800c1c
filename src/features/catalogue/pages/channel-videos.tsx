import { Avatar, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { paths } from '@/config/paths';
import { isNotFoundError } from '@/lib/api-error';
import { formatNumber } from '@/lib/i18n';
import { trpc } from '@/lib/trpc';

import { channelVideosOptions } from '../api/catalogue-queries';
import { CatalogueListing } from '../components/catalogue-listing';
import { VideoCard } from '../components/video-card';
import { initials } from '../components/video-thumb';
import { useClipFilters } from '../filters/use-clip-filters';
import { usePagingMode } from '../filters/use-paging-mode';

/** /{slug}/videos: a channel's public page (simple layout, works signed out). */
export default function ChannelVideosPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { filters } = useClipFilters();
  const { mode } = usePagingMode();
  const channel = useQuery({
    ...trpc.catalogue.channel.queryOptions({ slug }),
    meta: { silent: true },
  });
  const videos = useInfiniteQuery({
    ...channelVideosOptions(slug, filters, mode),
    enabled: channel.isSuccess,
  });

  if (channel.isError && isNotFoundError(channel.error))
    return (
      <Container size="sm" py="xl">
        <EmptyState
          icon={<IconUserQuestion size={28} />}
          title={t('catalogue.channel.notFound')}
          description={t('catalogue.channel.notFoundBody', { slug })}
          action={<Link to={paths.root.path}>{t('catalogue.channel.home')}</Link>}
        />
      </Container>
    );

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        {channel.isError ? (
          <ErrorState error={channel.error} onRetry={() => void channel.refetch()} />
        ) : null}
        <Group gap="md" wrap="nowrap">
          <Avatar size={64} radius="xl" color="initials" name={channel.data?.name ?? slug}>
            {initials(channel.data?.name ?? slug)}
          </Avatar>
          <div>
            {channel.data ? (
              <>
                <Title order={1} size="h2">
                  {channel.data.name}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('catalogue.channel.videoCount', {
                    count: channel.data.videoCount,
                    formatted: formatNumber(channel.data.videoCount),
                  })}
                </Text>
              </>
            ) : (
              <Stack gap={6}>
                <Skeleton h={28} w={220} />
                <Skeleton h={12} w={120} />
              </Stack>
            )}
          </div>
        </Group>
        {channel.isSuccess ? (
          <CatalogueListing
            kind="videos"
            query={videos}
            semantic={false}
            scope={{ slug }}
            searchLabel={t('catalogue.search.channel', { name: channel.data.name })}
            renderItem={(video) => <VideoCard video={video} />}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
