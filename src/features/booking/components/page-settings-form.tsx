import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import {
  bookingPageInputSchema,
  minutesOf,
  overlappingRanges,
  type BookingPage,
  type BookingPageInput,
} from '../../../../server/contracts/booking';
import { bookingKeys, savePage } from '../api/booking-api';
import { fieldErrors, submitError } from './form-errors';
import { WeeklyEditor } from './weekly-editor';
import { zoneList } from './zone-time';

type Values = Required<Omit<BookingPageInput, 'minNoticeMinutes'>> & { minNoticeHours: number };

const LABELS = {
  title: 'booking.settings.title',
  slug: 'booking.settings.slug',
  description: 'booking.settings.description',
  durationMinutes: 'booking.settings.duration',
  bufferMinutes: 'booking.settings.buffer',
  horizonDays: 'booking.settings.horizon',
  minNoticeMinutes: 'booking.settings.notice',
  timeZone: 'booking.settings.zone',
  availability: 'booking.settings.weekly',
};

const DURATIONS = [15, 20, 30, 45, 60, 90, 120];

function fromInput({ minNoticeMinutes, ...input }: BookingPageInput): Values {
  return { ...input, description: input.description ?? '', minNoticeHours: minNoticeMinutes / 60 };
}

const toInput = ({ minNoticeHours, ...v }: Values): BookingPageInput => ({
  ...v,
  minNoticeMinutes: Math.round(minNoticeHours * 60),
});

/** The booking page's settings: what it is called, its link, slot length, rules and week. */
export function PageSettingsForm({
  initial,
  onSaved,
}: {
  initial: BookingPageInput;
  onSaved: (page: BookingPage) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const zones = useMemo(() => zoneList(initial.timeZone), [initial.timeZone]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: fromInput(initial),
    validate: (values) => {
      const errors = fieldErrors(bookingPageInputSchema, toInput(values), t, LABELS);
      // the week's own messages: end after start, no overlap, something to book when published
      for (const key of Object.keys(errors)) if (key.startsWith('availability')) delete errors[key];
      values.availability.forEach((r, i) => {
        if (minutesOf(r.end) <= minutesOf(r.start))
          errors[`availability.${i}`] = t('booking.errors.endAfterStart');
      });
      for (const i of overlappingRanges(values.availability))
        errors[`availability.${i}`] ??= t('booking.errors.overlap');
      if (values.published && values.availability.length === 0)
        errors.availability = t('booking.errors.needAvailability');
      if (errors.minNoticeMinutes) errors.minNoticeHours = errors.minNoticeMinutes;
      return errors;
    },
  });
  const save = useMutation({
    mutationFn: (values: Values) => savePage(toInput(values)),
    onSuccess: ({ page }) => {
      setFormError(null);
      queryClient.setQueryData(bookingKeys.own, { page });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      notify.success(t('booking.settings.saved'));
      onSaved(page);
    },
    onError: (error) => {
      const mapped = submitError(error, t);
      const fields = { ...mapped.fields };
      if (fields.slug && error instanceof ApiRequestError)
        fields.slug =
          error.status === 409 ? t('booking.errors.slugTaken') : t('booking.errors.slugReserved');
      form.setErrors(fields);
      setFormError(mapped.message);
    },
  });
  const rangeErrors = Object.fromEntries(
    Object.entries(form.errors)
      .filter(([key]) => /^availability\.\d+/.test(key))
      .map(([key, message]) => [
        Number(key.split('.')[1]),
        typeof message === 'string'
          ? message
          : t('booking.errors.invalid', { field: t(LABELS.availability) }),
      ]),
  );
  const link = `${window.location.origin}${paths.book.href('')}`;

  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      noValidate
      aria-label={t('booking.settings.heading')}
    >
      <Stack gap="lg">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput label={t(LABELS.title)} required {...form.getInputProps('title')} />
          <TextInput
            label={t(LABELS.slug)}
            description={`${link}${form.values.slug || '…'}`}
            required
            dir="ltr"
            {...form.getInputProps('slug')}
            onChange={(e) =>
              form.setFieldValue(
                'slug',
                e.currentTarget.value.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
              )
            }
          />
        </SimpleGrid>
        <Textarea
          label={t(LABELS.description)}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Select
            label={t(LABELS.durationMinutes)}
            data={[...new Set([...DURATIONS, form.values.durationMinutes])]
              .sort((a, b) => a - b)
              .map((m) => ({
                value: String(m),
                label: t('booking.visitor.minutes', { count: m }),
              }))}
            value={String(form.values.durationMinutes)}
            onChange={(v) => v && form.setFieldValue('durationMinutes', Number(v))}
            error={form.errors.durationMinutes}
            allowDeselect={false}
          />
          <NumberInput
            label={t(LABELS.bufferMinutes)}
            description={t('booking.settings.bufferHint')}
            min={0}
            max={240}
            step={5}
            {...form.getInputProps('bufferMinutes')}
          />
          <NumberInput
            label={t(LABELS.horizonDays)}
            description={t('booking.settings.horizonHint')}
            min={1}
            max={365}
            {...form.getInputProps('horizonDays')}
          />
          <NumberInput
            label={t('booking.settings.noticeHours')}
            description={t('booking.settings.noticeHint')}
            min={0}
            max={720}
            decimalScale={2}
            {...form.getInputProps('minNoticeHours')}
          />
        </SimpleGrid>
        <Select
          label={t(LABELS.timeZone)}
          description={t('booking.settings.zoneHint')}
          data={zones}
          searchable
          allowDeselect={false}
          maw={420}
          {...form.getInputProps('timeZone')}
        />
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('booking.settings.weekly')}
          </Title>
          <WeeklyEditor
            value={form.values.availability}
            onChange={(next) => {
              form.setFieldValue('availability', next);
              form.clearErrors();
            }}
            errors={rangeErrors}
            error={
              typeof form.errors.availability === 'string' ? form.errors.availability : undefined
            }
          />
        </div>
        <Switch
          label={t('booking.settings.published')}
          description={t('booking.settings.publishedHint')}
          {...form.getInputProps('published', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('booking.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
