import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { setSyncStatus } from '@/lib/sync/status';
import { renderWithProviders } from '@/testing/render';

import { OfflineNotice } from './offline-state';

afterEach(() => setSyncStatus({ online: true }));

describe('OfflineNotice', () => {
  it('says the page shows the device copy while the server cannot be reached', async () => {
    await renderWithProviders(<OfflineNotice message="Shown from this device" />);
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
    // the browser says online, but the sync engine's last exchange with the server failed
    act(() => setSyncStatus({ online: false }));
    expect(screen.getByTestId('offline-notice')).toHaveTextContent('Shown from this device');
    act(() => setSyncStatus({ online: true }));
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
  });
});
