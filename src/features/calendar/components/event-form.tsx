import {
  Alert,
  Button,
  CheckIcon,
  ColorSwatch,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { EVENT_COLORS, isHexColor, type EventColor } from '../../../../server/contracts/calendar';
import {
  validateEventForm,
  withAllDay,
  type EventFormErrors,
  type EventFormValues,
} from '../local/event-form-values';
import type { EventFields } from '../local/event-store';
import type { CalendarChoice } from './calendar-label';
import { eventColorHex } from './event-colors';

interface EventFormProps {
  initialValues: EventFormValues;
  editing: boolean;
  /** The calendars a new event may go into (the user's own and those they edit); offered when
   *  there is a choice. An edited event stays in its calendar. */
  calendars?: CalendarChoice[];
  /** The calendar chosen at first (absent: the server's default, the user's own). */
  initialCalendarId?: string;
  /** Saves the fields into the chosen calendar; throws to keep the form open with what the
   *  user typed. */
  onSubmit: (fields: EventFields, calendarId: string | undefined) => Promise<void>;
  onCancel: () => void;
  onDelete?: () => void;
  /** A message shown above the buttons (e.g. the device storage is full). */
  submitError?: string | null;
}

export function EventForm({
  initialValues,
  editing,
  calendars = [],
  initialCalendarId,
  onSubmit,
  onCancel,
  onDelete,
  submitError,
}: EventFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [pending, setPending] = useState(false);
  const [calendarId, setCalendarId] = useState(initialCalendarId);
  const chosen = calendars.find((c) => c.id === calendarId);
  // the palette, plus a hex colour the event came with (set by another client), so it is kept
  const swatches: EventColor[] = isHexColor(initialValues.color)
    ? [...EVENT_COLORS, initialValues.color]
    : [...EVENT_COLORS];

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(key === 'start' ? { end: undefined } : {}) }));
  };
  const errorOf = (field: keyof EventFormValues) =>
    errors[field] ? t(`calendar.form.errors.${errors[field]}`) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = validateEventForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setPending(true);
    try {
      await onSubmit(result.fields, calendarId);
    } catch {
      // the caller reports it (submitError); the form keeps what was typed
    } finally {
      setPending(false);
    }
  };

  const dateType = values.allDay ? 'date' : 'datetime-local';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="event-form">
      <Stack gap="md">
        <TextInput
          label={t('calendar.form.title')}
          placeholder={t('calendar.form.titlePlaceholder')}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errorOf('title')}
          required
          data-autofocus
          maxLength={400}
        />
        {!editing && calendars.length > 1 ? (
          <Select
            label={t('calendar.form.calendar')}
            data={calendars.map((c) => ({ value: c.id, label: c.label }))}
            value={calendarId ?? null}
            onChange={(id) => id && setCalendarId(id)}
            allowDeselect={false}
            leftSection={chosen ? <ColorSwatch color={chosen.color} size={14} /> : null}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch
                  color={calendars.find((c) => c.id === option.value)?.color ?? ''}
                  size={14}
                />
                {option.label}
              </Group>
            )}
            // inside the dialog: from a portal, the list first shows where the field stood as
            // the dialog opened, past a phone's edge, and the phone lays the page out wider
            comboboxProps={{ withinPortal: false }}
            data-testid="event-calendar"
          />
        ) : null}
        <Textarea
          label={t('calendar.form.description')}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errorOf('description')}
          rows={3}
          resize="vertical"
        />
        <Switch
          label={t('calendar.form.allDay')}
          checked={values.allDay}
          onChange={(e) => {
            const allDay = e.currentTarget.checked;
            setValues((v) => withAllDay(v, allDay));
            setErrors({});
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type={dateType}
            label={t(values.allDay ? 'calendar.form.startDay' : 'calendar.form.start')}
            value={values.start}
            onChange={(e) => set('start', e.currentTarget.value)}
            error={errorOf('start')}
            required
          />
          <TextInput
            type={dateType}
            label={t(values.allDay ? 'calendar.form.endDay' : 'calendar.form.end')}
            value={values.end}
            onChange={(e) => set('end', e.currentTarget.value)}
            error={errorOf('end')}
            required
          />
        </SimpleGrid>
        <div role="radiogroup" aria-label={t('calendar.form.color')}>
          <Text size="sm" fw={500} mb={6}>
            {t('calendar.form.color')}
          </Text>
          <Group gap="xs">
            {swatches.map((color) => {
              const label = isHexColor(color) ? color : t(`calendar.colors.${color}`);
              return (
                <Tooltip key={color} label={label} withinPortal>
                  <ColorSwatch
                    component="button"
                    type="button"
                    role="radio"
                    aria-checked={values.color === color}
                    aria-label={label}
                    color={eventColorHex(color)}
                    onClick={() => set('color', color)}
                    style={{ color: '#fff', cursor: 'pointer' }}
                  >
                    {values.color === color ? <CheckIcon size={12} /> : null}
                  </ColorSwatch>
                </Tooltip>
              );
            })}
          </Group>
        </div>
        {submitError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {submitError}
          </Alert>
        ) : null}
        <Group justify="space-between" mt="xs">
          {editing && onDelete ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={onDelete}
            >
              {t('calendar.form.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t('calendar.form.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t(editing ? 'calendar.form.save' : 'calendar.form.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
