import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { CalendarToolbar } from './calendar-toolbar';

describe('CalendarToolbar', () => {
  it('describes the previous and next buttons by their hint before any hover', async () => {
    const onPrev = vi.fn();
    const { user } = await renderWithProviders(
      <CalendarToolbar
        title="March 2026"
        view="month"
        onView={vi.fn()}
        onPrev={onPrev}
        onNext={vi.fn()}
        onToday={vi.fn()}
      />,
    );
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toHaveAccessibleDescription('Previous');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAccessibleDescription('Next');
    await user.click(previous);
    expect(onPrev).toHaveBeenCalledOnce();
  });
});
