import { afterEach, describe, expect, it, vi } from 'vitest';

import { maintenanceStore, noteMaintenance, serverStatus, setMaintenance } from './maintenance';

afterEach(() => {
  setMaintenance(false);
  vi.unstubAllGlobals();
});

describe('maintenance mode', () => {
  it('turns on only for the server maintenance answer, not for any 503', () => {
    const listener = vi.fn();
    const stop = maintenanceStore.subscribe(listener);
    expect(noteMaintenance(new Response(null, { status: 503 }))).toBe(false);
    expect(noteMaintenance(new Response(null, { status: 500, headers: { 'X-Clipdeck-Maintenance': 'on' } }))).toBe(false);
    expect(maintenanceStore.get()).toBe(false);
    expect(noteMaintenance(new Response(null, { status: 503, headers: { 'X-Clipdeck-Maintenance': 'on' } }))).toBe(true);
    expect(maintenanceStore.get()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reads the server status from /healthz', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ status: 'ok', maintenance: true }))));
    expect(await serverStatus()).toBe('maintenance');
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ status: 'ok', maintenance: false }))));
    expect(await serverStatus()).toBe('up');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    expect(await serverStatus()).toBe('unreachable');
  });
});
