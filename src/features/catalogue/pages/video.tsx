import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconMovie, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { OfflineNotice } from '@/components/feedback/offline-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/i18n';
import { trpc } from '@/lib/trpc';

import classes from '../components/catalogue.module.css';
import { ClipRow } from '../components/clip-row';
import { FavouriteButton } from '../components/favourite-button';
import { formatLength, formatPremiere } from '../components/format';
import { SimilarVideos } from '../components/similar-videos';
import { VideoPlayer } from '../components/video-player';
import { useBackToVideos } from '../components/videos-return';
import { useClipFilters } from '../filters/use-clip-filters';

function VideoSkeleton() {
  return (
    <Stack gap="md" aria-hidden="true" data-testid="video-skeleton">
      <Skeleton h={32} w="60%" />
      <Skeleton style={{ aspectRatio: '16 / 9' }} radius="lg" />
      <Skeleton h={14} w="40%" />
    </Stack>
  );
}

/** No such film: an unknown id, or one that is not an id at all. */
function isMissingVideo(error: unknown) {
  const code = (error as { data?: { code?: string } | null }).data?.code;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}

/** /dashboard/videos/{videoId}: the film with its clips; `?clip=&t=` plays one clip. */

export default function VideoPage() {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const [params] = useSearchParams();
  const { setFilters } = useClipFilters();
  const [similar, setSimilar] = useState(false);
  const backToVideos = useBackToVideos();
  const video = useQuery({
    ...trpc.catalogue.video.queryOptions({ videoId }),
    meta: { silent: true },
  });
  const index = useQuery({ ...trpc.catalogue.indexStatus.queryOptions(), meta: { silent: true } });
  const semanticReady = index.data?.enabled ?? false;
  const start = Math.max(0, Number(params.get('t')) || 0);
  const activeClip = params.get('clip');

  return (
    <QueryState
      query={video}
      loading={<VideoSkeleton />}
      isNotFound={isMissingVideo}
      notFound={
        <EmptyState
          icon={<IconMovie size={28} />}
          title={t('catalogue.video.notFound')}
          description={t('catalogue.video.notFoundBody')}
          action={
            <Button component={Link} to={backToVideos} variant="light">
              {t('catalogue.video.backToVideos')}
            </Button>
          }
        />
      }
    >
      {(v) => (
        <Stack gap="lg">
          <OfflineNotice message={t('catalogue.offline')} />
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={backToVideos} size="sm">
                <Group gap={4} component="span">
                  <IconChevronLeft size={14} aria-hidden="true" className={classes.flip} />
                  {t('catalogue.videos.title')}
                </Group>
              </Anchor>
              <Title order={1} size="h2" mt={4} dir="auto">
                {v.title}
              </Title>
              <Text size="sm" c="dimmed">
                <Anchor component={Link} to={paths.slugVideos.href(v.channel.slug)} size="sm">
                  {v.channel.name}
                </Anchor>
                {v.premiereDate ? ` · ${formatPremiere(v.premiereDate)}` : ''}
                {v.durationSeconds ? ` · ${formatLength(v.durationSeconds)}` : ''}
              </Text>
            </div>
            <Group gap={4} wrap="nowrap">
              <Badge
                variant="light"
                color={
                  v.accessLevel === 'public'
                    ? 'teal'
                    : v.accessLevel === 'members'
                      ? 'blue'
                      : 'gray'
                }
              >
                {t(`catalogue.access.${v.accessLevel}`)}
              </Badge>
              <FavouriteButton target={{ videoId: v.id }} favourite={v.favourite} label={v.title} />
            </Group>
          </Group>

          <Grid gap="xl">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Stack gap="md">
                <VideoPlayer
                  key={v.id}
                  title={v.title}
                  videoId={v.id}
                  youtubeId={v.youtubeId}
                  thumbnailUrl={v.thumbnailUrl}
                  start={start}
                />
                {v.description ? <Text dir="auto">{v.description}</Text> : null}
                <Group gap={6}>
                  {v.people.map((person) => (
                    <Button
                      key={person.id}
                      size="compact-sm"
                      variant="light"
                      onClick={() =>
                        setFilters(
                          { personIds: [person.id] },
                          { pathname: paths.dashboard.videos.root.path },
                        )
                      }
                      aria-label={t('catalogue.video.morePerson', { name: person.name })}
                    >
                      {person.name}
                    </Button>
                  ))}
                  {v.videoTags.map((tag) => (
                    <Button
                      key={tag.id}
                      size="compact-sm"
                      variant="default"
                      onClick={() =>
                        setFilters(
                          { videoTagIds: [tag.id] },
                          { pathname: paths.dashboard.videos.root.path },
                        )
                      }
                      aria-label={t('catalogue.video.moreTag', { name: tag.name })}
                    >
                      {tag.name}
                    </Button>
                  ))}
                </Group>
                <Group gap="xs">
                  <Tooltip
                    label={t('catalogue.search.unavailable')}
                    disabled={semanticReady}
                    withArrow
                  >
                    <Button
                      variant="light"
                      leftSection={<IconSparkles size={16} />}
                      onClick={() => setSimilar(true)}
                      disabled={similar || !semanticReady}
                      data-testid="find-similar"
                    >
                      {t('catalogue.similar.find')}
                    </Button>
                  </Tooltip>
                  <Button
                    variant="subtle"
                    onClick={() =>
                      setFilters({ videoIds: [v.id] }, { pathname: paths.dashboard.clips.path })
                    }
                  >
                    {t('catalogue.video.searchClips')}
                  </Button>
                </Group>
                {similar ? <SimilarVideos videoId={v.id} /> : null}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Paper withBorder radius="lg" p="md">
                <Title order={2} size="h4" mb="sm">
                  {t('catalogue.video.clips', {
                    count: v.clips.length,
                    formatted: formatNumber(v.clips.length),
                  })}
                </Title>
                {v.clips.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {t('catalogue.video.noClips')}
                  </Text>
                ) : (
                  <Stack gap="md" data-testid="video-clips">
                    {v.clips.map((clip) => (
                      <ClipRow
                        key={clip.id}
                        clip={clip}
                        showVideo={false}
                        active={clip.id === activeClip}
                      />
                    ))}
                  </Stack>
                )}
              </Paper>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </QueryState>
  );
}
