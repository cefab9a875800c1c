import { Button, Group, Paper, Select, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconCalendarX, IconClock, IconUser, IconWorld } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { AppDatesProvider } from '@/components/ui/dates-provider';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { currentLanguage } from '@/lib/i18n';

import type { BookingReceipt, PublicBookingPage } from '../../../../server/contracts/booking';
import { bookingKeys, bookSlot, publicPageQuery } from '../api/booking-api';
import { Confirmation } from './confirmation';
import type { FieldErrors } from './form-errors';
import { submitError } from './form-errors';
import { SlotPicker } from './slot-picker';
import { VisitorForm, type VisitorValues } from './visitor-form';
import { browserZone, formatMeeting, zoneLabel, zoneList } from './zone-time';

interface BookingFlowProps {
  slug: string;
  /** the product's own pages put their words (in the reader's language) over the host's */
  heading?: { title: string; description: string };
  intro?: ReactNode;
}

/** A public booking page: pick a day and a time, give a name and email, confirm. */
export function BookingFlow({ slug, heading, intro }: BookingFlowProps) {
  const { t } = useTranslation();
  const page = useQuery(publicPageQuery(slug));
  return (
    <QueryState
      query={page}
      loading={
        <Stack gap="md" aria-busy="true">
          <Skeleton h={32} w="50%" />
          <Skeleton h={18} w="70%" />
          <Skeleton h={320} radius="md" />
        </Stack>
      }
      notFound={
        <EmptyState
          icon={<IconCalendarX size={28} />}
          title={t('booking.visitor.notFoundTitle')}
          description={t('booking.visitor.notFound')}
          action={
            <Button component={Link} to={paths.contactUs.path} variant="light">
              {t('booking.visitor.contactUs')}
            </Button>
          }
        />
      }
    >
      {(data) => <Flow page={data.page} heading={heading} intro={intro} />}
    </QueryState>
  );
}

function Flow({
  page,
  heading,
  intro,
}: { page: PublicBookingPage } & Omit<BookingFlowProps, 'slug'>) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [zone, setZone] = useState(browserZone);
  const zones = useMemo(() => zoneList(browserZone(), page.timeZone, 'UTC'), [page.timeZone]);
  const [start, setStart] = useState<string | null>(null);
  const [step, setStep] = useState<'pick' | 'details'>('pick');
  const [receipt, setReceipt] = useState<BookingReceipt | null>(null);
  const [error, setError] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const [values, setValues] = useState<VisitorValues>({
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    email: user?.email ?? '',
    note: '',
  });

  const book = useMutation({
    mutationFn: (v: VisitorValues) =>
      bookSlot(page.slug, { ...v, start: start!, timeZone: zone, language: currentLanguage() }),
    onSuccess: ({ booking }) => {
      setReceipt(booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.public(page.slug) });
    },
    onError: (e) => {
      const mapped = submitError(e, t);
      setError(mapped);
      if (e instanceof ApiRequestError && e.status === 409) {
        // the time went to someone else: back to the times, which are fetched again
        setStart(null);
        setStep('pick');
        void queryClient.invalidateQueries({ queryKey: bookingKeys.public(page.slug) });
      }
    },
  });

  if (receipt)
    return (
      <Confirmation
        receipt={receipt}
        zone={zone}
        onAgain={() => {
          setReceipt(null);
          setStart(null);
          setStep('pick');
          setError(null);
        }}
      />
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{heading?.title ?? page.title}</Title>
        <Group gap="md" mt="xs" c="dimmed">
          <Group gap={4}>
            <IconUser size={16} aria-hidden="true" />
            <Text size="sm">{page.host.name}</Text>
          </Group>
          <Group gap={4}>
            <IconClock size={16} aria-hidden="true" />
            <Text size="sm">{t('booking.visitor.minutes', { count: page.durationMinutes })}</Text>
          </Group>
        </Group>
        {(heading?.description ?? page.description) ? (
          <Text mt="sm" maw={680}>
            {heading?.description ?? page.description}
          </Text>
        ) : null}
        {intro}
      </div>
      <Stepper
        active={step === 'pick' ? 0 : 1}
        size="sm"
        allowNextStepsSelect={false}
        visibleFrom="sm"
      >
        <Stepper.Step label={t('booking.visitor.stepTime')} />
        <Stepper.Step label={t('booking.visitor.stepDetails')} />
        <Stepper.Step label={t('booking.visitor.stepDone')} />
      </Stepper>
      <Text hiddenFrom="sm" fw={600} c="dimmed" size="sm">
        {t('booking.visitor.stepOf', {
          step: step === 'pick' ? 1 : 2,
          label: step === 'pick' ? t('booking.visitor.stepTime') : t('booking.visitor.stepDetails'),
        })}
      </Text>
      {step === 'pick' ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="md">
            {error ? (
              <Text c="red" role="alert" size="sm">
                {error.message}
              </Text>
            ) : null}
            <Select
              label={t('booking.visitor.zone')}
              leftSection={<IconWorld size={16} aria-hidden="true" />}
              data={zones}
              value={zone}
              onChange={(value) => value && setZone(value)}
              searchable
              allowDeselect={false}
              maw={360}
              description={zoneLabel(zone, i18n.language)}
            />
            <AppDatesProvider>
              <SlotPicker
                slug={page.slug}
                zone={zone}
                horizonDays={page.horizonDays}
                selected={start}
                onSelect={(s) => {
                  setStart(s);
                  setError(null);
                }}
              />
            </AppDatesProvider>
            <Group justify="space-between">
              <Text size="sm" fw={600} aria-live="polite">
                {start
                  ? formatMeeting(
                      start,
                      new Date(Date.parse(start) + page.durationMinutes * 60_000).toISOString(),
                      zone,
                      i18n.language,
                    )
                  : t('booking.visitor.noneChosen')}
              </Text>
              <Button disabled={!start} onClick={() => setStep('details')}>
                {t('booking.visitor.next')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} maw={560}>
          <Stack gap="md">
            <div>
              <Title order={2} size="h4">
                {t('booking.visitor.detailsTitle')}
              </Title>
              <Text
                mt="xs"
                fw={600}
                c="var(--mantine-primary-color-filled)"
                data-testid="chosen-time"
              >
                {formatMeeting(
                  start!,
                  new Date(Date.parse(start!) + page.durationMinutes * 60_000).toISOString(),
                  zone,
                  i18n.language,
                )}
              </Text>
            </div>
            <VisitorForm
              initial={values}
              start={start!}
              pending={book.isPending}
              error={error}
              onBack={() => {
                setStep('pick');
                setError(null);
              }}
              onSubmit={(v) => {
                setValues(v);
                setError(null);
                book.mutate(v);
              }}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
