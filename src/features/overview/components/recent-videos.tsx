import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatDate } from '@/lib/i18n';

import type { VideoListItem } from '../../../../server/contracts/catalogue';
import { OVERVIEW_RECENT_VIDEOS } from '../../../../server/contracts/overview';

/** The latest premieres of the catalogue the user may watch, each a link to its page. They come
 *  with the home's counts (`/api/overview`): `videos` is undefined until that answers, and
 *  `unavailable` says it could not (offline, failing). */
export function RecentVideos({ videos, unavailable }: { videos: VideoListItem[] | undefined; unavailable: boolean }) {
  const { t } = useTranslation();

  const body = (() => {
    if (videos) {
      if (videos.length === 0)
        return (
          <Text size="sm" c="dimmed">
            {t('overview.recent.empty')}
          </Text>
        );
      return (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {videos.map((video) => (
            <li key={video.id}>
              <Anchor
                component={Link}
                to={paths.dashboard.videos.video.href(video.id)}
                fw={600}
                dir="auto"
              >
                {video.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {video.channel.name} ·{' '}
                {video.premiereDate
                  ? formatDate(new Date(`${video.premiereDate}T00:00:00`), { dateStyle: 'medium' })
                  : t('overview.recent.unknownDate')}
              </Text>
            </li>
          ))}
        </Stack>
      );
    }
    if (unavailable)
      return (
        <Text size="sm" c="dimmed">
          {t('overview.recent.unavailable')}
        </Text>
      );
    return (
      <Stack gap="sm" data-testid="recent-videos-loading">
        {Array.from({ length: OVERVIEW_RECENT_VIDEOS }, (_, i) => (
          <Skeleton key={i} h={38} />
        ))}
      </Stack>
    );
  })();

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="recent-videos">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconMovie size={20} />
          <Title order={2} size="h4">
            {t('overview.recent.title')}
          </Title>
        </Group>
        <Anchor component={Link} to={paths.dashboard.videos.root.path} size="sm">
          {t('overview.recent.all')}
        </Anchor>
      </Group>
      {body}
    </Paper>
  );
}
