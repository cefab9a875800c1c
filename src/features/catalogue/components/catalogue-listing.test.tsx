import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubPhoneScreen, watchBuilt } from '@/testing/phone';
import { renderWithProviders } from '@/testing/render';

import VideosPage from '../pages/videos';

beforeEach(() => {
  // the catalogue has not answered yet: the page shows its skeleton
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the catalogue listing on a phone', () => {
  it('builds the filters only when the Filters button opens them', async () => {
    stubPhoneScreen();
    const sidebar = watchBuilt('aside[aria-label="Filters"]');
    const { user } = await renderWithProviders(<VideosPage />, { route: '/dashboard/videos' });
    expect(await screen.findByTestId('listing-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sidebar.stop()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
  });
});
