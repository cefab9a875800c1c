import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isStorageFull } from '@/components/sync/save-change';
import { notify } from '@/lib/notify';

import type { EventFormValues } from '../local/event-form-values';
import { createEvent, deleteEvent, updateEvent, type EventFields } from '../local/event-store';
import type { CalendarRow, EventRow } from '../local/tables';
import type { CalendarChoice } from './calendar-label';
import { EventDetails, UserText } from './event-details';
import { EventForm } from './event-form';

/** `view`: an event of a calendar the user may only read (no form, nothing to save). */
export type EventModalState =
  | { mode: 'create'; values: EventFormValues; calendarId?: string; key: number }
  | { mode: 'edit'; event: EventRow; values: EventFormValues; key: number }
  | { mode: 'view'; event: EventRow; calendar: CalendarRow; key: number }
  | null;

export function EventModal({
  state,
  calendars,
  onClose,
}: {
  state: EventModalState;
  /** where a new event may go (see EventForm) */
  calendars: CalendarChoice[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const close = () => {
    setSubmitError(null);
    setConfirming(false);
    onClose();
  };
  const report = (error: unknown) => {
    setSubmitError(
      t(isStorageFull(error) ? 'calendar.errors.storageFull' : 'calendar.errors.saveFailed'),
    );
  };

  const submit = async (fields: EventFields, calendarId: string | undefined) => {
    if (!state) return;
    setSubmitError(null);
    try {
      if (state.mode === 'create') {
        await createEvent(fields, calendarId);
        notify.success(t('calendar.notify.created'));
      } else {
        const changed = await updateEvent(state.event, fields);
        if (changed) notify.success(t('calendar.notify.updated'));
      }
      close();
    } catch (error) {
      report(error);
      throw error;
    }
  };

  const remove = async () => {
    if (state?.mode !== 'edit') return;
    setDeleting(true);
    try {
      await deleteEvent(state.event.id);
      notify.success(t('calendar.notify.deleted'));
      close();
    } catch (error) {
      setConfirming(false);
      report(error);
    } finally {
      setDeleting(false);
    }
  };

  const formTitle = confirming
    ? t('calendar.delete.title')
    : t(state?.mode === 'edit' ? 'calendar.form.editTitle' : 'calendar.form.newTitle');
  const title = state?.mode === 'view' ? <UserText>{state.event.title}</UserText> : formTitle;

  return (
    <Modal
      opened={state !== null}
      onClose={close}
      title={title}
      fullScreen={phone}
      size="lg"
      centered
    >
      {state?.mode === 'view' ? (
        <EventDetails event={state.event} calendar={state.calendar} />
      ) : null}
      {state && confirming && state.mode === 'edit' ? (
        <Stack data-testid="delete-confirm">
          <Text>{t('calendar.delete.message', { title: state.event.title })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('calendar.form.cancel')}
            </Button>
            <Button color="red" loading={deleting} onClick={() => void remove()}>
              {t('calendar.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {state && state.mode !== 'view' ? (
        // stays mounted behind the confirmation, so cancelling it keeps what was typed
        <Box display={confirming ? 'none' : undefined}>
          <EventForm
            key={state.key}
            initialValues={state.values}
            editing={state.mode === 'edit'}
            calendars={calendars}
            initialCalendarId={state.mode === 'create' ? state.calendarId : undefined}
            onSubmit={submit}
            onCancel={close}
            onDelete={() => setConfirming(true)}
            submitError={submitError}
          />
        </Box>
      ) : null}
    </Modal>
  );
}
