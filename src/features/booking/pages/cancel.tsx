import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCalendarCancel, IconCalendarX, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';

import { DEMO_BOOKING_SLUG, type CancelView } from '../../../../server/contracts/booking';
import { bookingKeys, cancelViewQuery, cancelWithCode } from '../api/booking-api';
import { usePageTitle } from '../components/use-page-title';
import { browserZone, formatMeeting } from '../components/zone-time';

const CODE = /^[A-Za-z0-9_-]{20,100}$/;

/** /book/cancel?code=…: the visitor's cancel link from the confirmation. */
export default function CancelBookingPage() {
  const { t } = useTranslation();
  usePageTitle(t('booking.cancel.title'));
  const code = useSearchParams()[0].get('code') ?? '';
  return (
    <Container size="sm" py="xl">
      {CODE.test(code) ? (
        <CancelLink code={code} />
      ) : (
        <EmptyState
          icon={<IconCalendarX size={28} />}
          title={t('booking.cancel.invalidTitle')}
          description={t('booking.cancel.invalid')}
        />
      )}
    </Container>
  );
}

function CancelLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const view = useQuery(cancelViewQuery(code));
  return (
    <QueryState
      query={view}
      loading={
        <Stack aria-busy="true">
          <Skeleton h={32} w="60%" />
          <Skeleton h={120} radius="md" />
        </Stack>
      }
      notFound={
        <EmptyState
          icon={<IconCalendarX size={28} />}
          title={t('booking.cancel.invalidTitle')}
          description={t('booking.cancel.invalid')}
        />
      }
    >
      {(data) => <CancelBooking code={code} booking={data.booking} />}
    </QueryState>
  );
}

function CancelBooking({ code, booking }: { code: string; booking: CancelView }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelWithCode(code),
    onSuccess: () => {
      setDone(true);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.cancel(code) });
    },
  });

  const againPath =
    booking.slug === DEMO_BOOKING_SLUG ? paths.demo.path : paths.book.href(booking.slug);
  const when = formatMeeting(booking.start, booking.end, browserZone(), i18n.language);
  const started = Date.parse(booking.start) <= Date.now();

  if (done || booking.status === 'cancelled')
    return (
      <Paper withBorder radius="lg" p="xl" role="status">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon
            size={56}
            radius="xl"
            variant="light"
            color={done ? 'green' : 'gray'}
            aria-hidden="true"
          >
            {done ? <IconCircleCheck size={30} /> : <IconCalendarCancel size={30} />}
          </ThemeIcon>
          <Title order={1} size="h3">
            {done ? t('booking.cancel.doneTitle') : t('booking.cancel.alreadyTitle')}
          </Title>
          <Text>{when}</Text>
          <Text c="dimmed">{t('booking.cancel.freed')}</Text>
          <Button component={Link} to={againPath} variant="light">
            {t('booking.cancel.bookAgain')}
          </Button>
        </Stack>
      </Paper>
    );

  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('booking.cancel.title')}
        </Title>
        <div>
          <Text fw={600}>
            {booking.title} · {booking.hostName}
          </Text>
          <Text>{when}</Text>
        </div>
        {cancel.isError ? (
          <Alert color="red" variant="light" role="alert">
            {getErrorMessage(cancel.error)}
          </Alert>
        ) : null}
        {started ? (
          <Alert variant="light">{t('booking.cancel.started')}</Alert>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('booking.cancel.keep')}
            </Text>
            <Group>
              <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                {t('booking.cancel.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
