import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatDate } from '@/lib/i18n';
import { trpc } from '@/lib/trpc';

const COUNT = 5;

/** The latest premieres of the catalogue the user may watch, each a link to its page. */
export function RecentVideos() {
  const { t } = useTranslation();
  const recent = useQuery({
    ...trpc.catalogue.searchVideos.queryOptions({ sortBy: 'premiereDate', limit: COUNT }),
    // offline or failing, the section says so itself: no error toast on the home page
    meta: { silent: true },
  });

  const body = (() => {
    if (recent.data) {
      if (recent.data.items.length === 0)
        return (
          <Text size="sm" c="dimmed">
            {t('overview.recent.empty')}
          </Text>
        );
      return (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {recent.data.items.map((video) => (
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
    if (recent.isError || recent.isPaused)
      return (
        <Text size="sm" c="dimmed">
          {t('overview.recent.unavailable')}
        </Text>
      );
    return (
      <Stack gap="sm" data-testid="recent-videos-loading">
        {Array.from({ length: COUNT }, (_, i) => (
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
