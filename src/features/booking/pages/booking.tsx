import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { AppDatesProvider } from '@/components/ui/dates-provider';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import type { BookingPage, BookingPageInput } from '../../../../server/contracts/booking';
import { ownPageQuery } from '../api/booking-api';
import { BookingFigures } from '../components/booking-figures';
import { BookingsList } from '../components/bookings-list';
import { PageSettingsForm } from '../components/page-settings-form';
import { usePageTitle } from '../components/use-page-title';
import { browserZone } from '../components/zone-time';

const settingsOf = (page: BookingPage): BookingPageInput => ({
  title: page.title,
  slug: page.slug,
  description: page.description,
  durationMinutes: page.durationMinutes,
  bufferMinutes: page.bufferMinutes,
  horizonDays: page.horizonDays,
  minNoticeMinutes: page.minNoticeMinutes,
  timeZone: page.timeZone,
  availability: page.availability,
  published: page.published,
});

const linkOf = (page: BookingPage) => `${window.location.origin}${paths.book.href(page.slug)}`;

function ShareLink({ page }: { page: BookingPage }) {
  const { t } = useTranslation();
  const link = linkOf(page);
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{page.title}</Text>
            <Badge color={page.published ? 'teal' : 'gray'} variant="light">
              {page.published ? t('booking.page.published') : t('booking.page.draft')}
            </Badge>
          </Group>
          <Anchor
            href={link}
            target="_blank"
            rel="noopener"
            size="sm"
            dir="ltr"
            style={{ wordBreak: 'break-all' }}
          >
            {link}
          </Anchor>
        </div>
        <Group gap="xs">
          <CopyButton value={link} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('booking.page.copied') : t('booking.page.copy')}>
                <ActionIcon
                  variant="light"
                  size="lg"
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  aria-label={t('booking.page.copy')}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <Tooltip label={t('booking.page.open')}>
            <ActionIcon
              component="a"
              href={link}
              target="_blank"
              rel="noopener"
              variant="light"
              size="lg"
              aria-label={t('booking.page.open')}
            >
              <IconExternalLink size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {!page.published ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('booking.page.draftHint')}
        </Text>
      ) : null}
    </Paper>
  );
}

/** /dashboard/booking: the user's booking page, their bookings and the figures. */
export default function BookingDashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('booking.nav.title'));
  const { user } = useAuth();
  const own = useQuery(ownPageQuery());
  const [tab, setTab] = useState<string | null>(null);

  const defaults: BookingPageInput = {
    title: t('booking.settings.defaultTitle', { name: user?.firstName ?? '' }).trim(),
    slug: user?.slug ?? '',
    description: '',
    durationMinutes: 30,
    bufferMinutes: 10,
    horizonDays: 30,
    minNoticeMinutes: 240,
    timeZone: browserZone(),
    availability: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
    published: true,
  };

  const page = own.data?.page ?? null;
  const active = tab ?? (page ? 'bookings' : 'settings');

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('booking.nav.title')}
      </Title>
      <QueryState
        query={own}
        loading={
          <Stack gap="md">
            <Skeleton h={80} radius="lg" />
            <Skeleton h={300} radius="lg" />
          </Stack>
        }
      >
        {() => (
          <>
            {page ? <ShareLink page={page} /> : null}
            <Tabs value={active} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="bookings">{t('booking.page.tabBookings')}</Tabs.Tab>
                <Tabs.Tab value="settings">{t('booking.page.tabSettings')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="bookings" pt="md">
                {page ? (
                  <Stack gap="lg">
                    <BookingFigures />
                    <BookingsList shareLink={page.published ? linkOf(page) : null} />
                  </Stack>
                ) : (
                  <EmptyState
                    icon={<IconCalendarPlus size={28} />}
                    title={t('booking.page.noPageTitle')}
                    description={t('booking.page.noPage')}
                    action={
                      <Button onClick={() => setTab('settings')}>{t('booking.page.create')}</Button>
                    }
                  />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="settings" pt="md">
                <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
                  {!page ? (
                    <Text mb="md" c="dimmed">
                      {t('booking.page.noPage')}
                    </Text>
                  ) : null}
                  <AppDatesProvider>
                    <PageSettingsForm
                      initial={page ? settingsOf(page) : defaults}
                      onSaved={() => setTab('bookings')}
                    />
                  </AppDatesProvider>
                </Paper>
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
