import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type { EventFormValues } from '../local/event-form-values';
import { EventForm } from './event-form';

const initial: EventFormValues = {
  title: 'Dentist',
  description: '',
  color: 'blue',
  allDay: false,
  start: '2026-05-04T09:00',
  end: '2026-05-04T10:00',
};

async function setup(
  onSubmit = vi.fn().mockResolvedValue(undefined),
  submitError: string | null = null,
  initialValues = initial,
) {
  const result = await renderWithProviders(
    <EventForm
      initialValues={initialValues}
      editing={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      submitError={submitError}
    />,
  );
  return { ...result, onSubmit };
}

describe('EventForm', () => {
  it('refuses an end before the start and an empty title, on their fields, keeping what was typed', async () => {
    const { user, onSubmit } = await setup();
    const title = screen.getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(screen.getByLabelText('Description'), 'Bring the X-rays');
    const end = screen.getByLabelText(/^Ends/);
    await user.clear(end);
    await user.type(end, '2026-05-04T08:00');
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Give the event a title.');
    expect(end).toHaveAccessibleDescription('The end must not be before the start.');
    expect(screen.getByLabelText('Description')).toHaveValue('Bring the X-rays');
    expect(end).toHaveValue('2026-05-04T08:00');

    await user.type(title, 'Dentist');
    await user.clear(end);
    await user.type(end, '2026-05-04T11:30');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        title: 'Dentist',
        description: 'Bring the X-rays',
        color: 'blue',
        allDay: false,
        start: new Date(2026, 4, 4, 9, 0).toISOString(),
        end: new Date(2026, 4, 4, 11, 30).toISOString(),
      },
      undefined,
    );
  });

  it('stores an all-day event with an exclusive end and the chosen colour', async () => {
    const { user, onSubmit } = await setup();
    await user.click(screen.getByLabelText('All day'));
    const lastDay = screen.getByLabelText(/^Last day/);
    expect(lastDay).toHaveValue('2026-05-04');
    await user.clear(lastDay);
    await user.type(lastDay, '2026-05-06');
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        allDay: true,
        color: 'green',
        start: new Date(2026, 4, 4).toISOString(),
        end: new Date(2026, 4, 7).toISOString(),
      }),
      undefined,
    );
  });

  it('keeps the input when saving fails and shows why', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('full'));
    const { user } = await setup(onSubmit, 'This device’s storage is full');
    const title = screen.getByLabelText(/^Title/);
    await user.type(title, ' checkup');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(title).toHaveValue('Dentist checkup');
    expect(screen.getByRole('alert')).toHaveTextContent('storage is full');
  });

  it('keeps a hex colour the event came with, offered beside the palette', async () => {
    const { user, onSubmit } = await setup(undefined, null, { ...initial, color: '#00A76F' });
    const hex = screen.getByRole('radio', { name: '#00A76F' });
    expect(hex).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ color: '#00A76F' }), undefined);
  });
});
