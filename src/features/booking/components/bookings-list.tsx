import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { PagePagination } from '@/components/ui/page-pagination';
import { getErrorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import { BOOKING_TABS, type Booking, type BookingTab } from '../../../../server/contracts/booking';
import { bookingKeys, bookingsQuery, cancelAsHost } from '../api/booking-api';
import { browserZone, formatMeeting } from './zone-time';

/** The host's bookings by tab (upcoming, past, cancelled), with cancel for upcoming ones. */
export function BookingsList({ shareLink }: { shareLink: string | null }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<BookingTab>('upcoming');
  const [page, setPage] = useState(1);
  return (
    <Paper withBorder radius="lg" p="md">
      <Tabs
        value={tab}
        onChange={(v) => {
          setTab((v as BookingTab) ?? 'upcoming');
          setPage(1);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {BOOKING_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`booking.list.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {BOOKING_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <TabBody tab={value} page={page} onPage={setPage} shareLink={shareLink} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

function TabBody({
  tab,
  page,
  onPage,
  shareLink,
}: {
  tab: BookingTab;
  page: number;
  onPage: (n: number) => void;
  shareLink: string | null;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ ...bookingsQuery(tab, page), placeholderData: keepPreviousData });
  const [confirming, setConfirming] = useState<Booking | null>(null);
  const cancel = useMutation({
    mutationFn: (id: string) => cancelAsHost(id),
    onSuccess: () => {
      setConfirming(null);
      notify.success(t('booking.list.cancelled'));
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
    onError: (error) => notify.error(getErrorMessage(error)),
  });
  const zone = browserZone();

  return (
    <QueryState
      query={list}
      loading={
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      }
      isEmpty={(data) => data.bookings.length === 0}
      empty={
        <EmptyState
          icon={<IconCalendarOff size={28} />}
          title={t(`booking.list.empty.${tab}`)}
          description={shareLink ? t('booking.list.emptyShare') : t('booking.list.emptyNoPage')}
          action={shareLink ? <Anchor href={shareLink}>{shareLink}</Anchor> : undefined}
        />
      }
    >
      {({ bookings, total, pageSize }) => (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('booking.list.when')}</Table.Th>
                  <Table.Th>{t('booking.list.visitor')}</Table.Th>
                  <Table.Th>{t('booking.list.note')}</Table.Th>
                  <Table.Th>{t('booking.list.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {formatMeeting(b.start, b.end, zone, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{b.visitorName}</Text>
                      <Text size="xs" c="dimmed" dir="ltr">
                        {b.visitorEmail}
                      </Text>
                      {b.visitorIsUser ? (
                        <Badge size="xs" variant="light" mt={2}>
                          {t('booking.list.clipdeckUser')}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td maw={260}>
                      <Text size="sm" lineClamp={2}>
                        {b.note || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={b.status === 'cancelled' ? 'red' : tab === 'past' ? 'gray' : 'teal'}
                      >
                        {b.status === 'cancelled'
                          ? t(`booking.list.cancelledBy.${b.cancelledBy ?? 'host'}`)
                          : t(`booking.list.status${tab === 'past' ? 'Done' : 'Confirmed'}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="end">
                      {tab === 'upcoming' && Date.parse(b.start) > Date.now() ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setConfirming(b)}
                        >
                          {t('booking.list.cancel')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PagePagination
            total={Math.ceil(total / pageSize)}
            value={page}
            onChange={onPage}
            scrollToTop={false}
          />

          <Modal
            opened={confirming !== null}
            onClose={() => setConfirming(null)}
            title={t('booking.list.cancelTitle')}
            centered
          >
            {confirming ? (
              <Stack>
                <Text>
                  {t('booking.list.cancelText', {
                    name: confirming.visitorName,
                    when: formatMeeting(confirming.start, confirming.end, zone, i18n.language),
                  })}
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirming(null)}>
                    {t('booking.list.keep')}
                  </Button>
                  <Button
                    color="red"
                    loading={cancel.isPending}
                    onClick={() => cancel.mutate(confirming.id)}
                  >
                    {t('booking.list.confirmCancel')}
                  </Button>
                </Group>
              </Stack>
            ) : null}
          </Modal>
        </Stack>
      )}
    </QueryState>
  );
}
