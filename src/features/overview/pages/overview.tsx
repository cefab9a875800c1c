import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconLayoutKanban,
  IconMail,
  IconMailExclamation,
  IconMessages,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { OfflineNotice } from '@/components/feedback/offline-state';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { formatDate, formatNumber } from '@/lib/i18n';

import type { VideoListItem } from '../../../../server/contracts/catalogue';
import type { OverviewCounts } from '../../../../server/contracts/overview';
import { overviewQuery } from '../api/get-overview';
import { RecentVideos } from '../components/recent-videos';
import { useLocalCounts } from '../local/use-local-counts';

/**
 * The post-login home: a greeting and what the user has, counted by the server (kept in the
 * persisted query cache, so it shows offline too); before the first answer, the device's mirror.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const server = useQuery(overviewQuery);
  // the server's figures; once it cannot be reached (offline, first failure), the device's
  const waiting = server.isPending && !server.isPaused && server.failureCount === 0;
  const local = useLocalCounts(!server.data && !waiting);
  const counts = server.data ?? local;
  const videos = server.data?.recentVideos;
  const unavailable = !server.data && (server.isError || server.isPaused);
  // the query cache's updates render synchronously, in one task; the figures are drawn in a
  // deferred render instead, which React splits into short tasks (the page stays responsive)
  const figures = useDeferredValue(
    useMemo(() => ({ counts, videos, unavailable }), [counts, videos, unavailable]),
  );

  return (
    <Stack gap="lg">
      <OfflineNotice />
      <Paper
        p={{ base: 'lg', md: 'xl' }}
        radius="lg"
        withBorder
        bg="var(--mantine-primary-color-light)"
      >
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {t('overview.welcome', { name: user?.firstName ?? '' })}
            </Title>
            <Text mt={4}>
              {t('overview.today', { date: formatDate(new Date(), { dateStyle: 'full' }) })}
            </Text>
          </div>
        </Group>
      </Paper>

      {user && !user.emailVerified ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconMailExclamation size={18} />}
          title={t('overview.verify.title')}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('overview.verify.body', { email: user.email })}</Text>
            <Button
              component={Link}
              to={paths.auth.verify.path}
              size="xs"
              variant="light"
              color="orange"
            >
              {t('overview.verify.action')}
            </Button>
          </Group>
        </Alert>
      ) : null}

      <Figures {...figures} />
    </Stack>
  );
}

/** The counts and the latest premieres (memoised: an update that leaves them alone skips them). */
const Figures = memo(function Figures({
  counts,
  videos,
  unavailable,
}: {
  counts: OverviewCounts | undefined;
  videos: VideoListItem[] | undefined;
  unavailable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        <StatCard
          label={t('overview.stats.mail')}
          value={counts && formatNumber(counts.mails)}
          hint={
            counts
              ? t('overview.stats.unread', { count: formatNumber(counts.unreadMails) })
              : undefined
          }
          icon={<IconMail size={26} />}
          to={paths.dashboard.mail.root.path}
          testId="count-mail"
        />
        <StatCard
          label={t('overview.stats.events')}
          value={counts && formatNumber(counts.upcomingEvents)}
          hint={t('overview.stats.upcoming')}
          icon={<IconCalendarEvent size={26} />}
          to={paths.dashboard.calendar.path}
          testId="count-events"
        />
        <StatCard
          label={t('overview.stats.cards')}
          value={counts && formatNumber(counts.cards)}
          hint={t('overview.stats.onBoard')}
          icon={<IconLayoutKanban size={26} />}
          to={paths.dashboard.kanban.path}
          testId="count-cards"
        />
        <StatCard
          label={t('overview.stats.conversations')}
          value={counts && formatNumber(counts.conversations)}
          hint={
            counts
              ? t('overview.stats.unread', { count: formatNumber(counts.unreadMessages) })
              : undefined
          }
          icon={<IconMessages size={26} />}
          to={paths.dashboard.chat.root.path}
          testId="count-conversations"
        />
      </SimpleGrid>

      <RecentVideos videos={videos} unavailable={unavailable} />
    </>
  );
});
