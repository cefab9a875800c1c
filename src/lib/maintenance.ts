// Maintenance mode as the app sees it. It is on when the server answers a call with 503 and
// `X-Clipdeck-Maintenance: on` (server/public/maintenance.ts; a proxy's plain 503 does not
// count), or when the document itself is the server's maintenance page (main.tsx). While on,
// the app shows the maintenance page in place of whatever page was asked for
// (src/app/root.tsx), and that page polls /healthz until the maintenance is over.
import { useSyncExternalStore } from 'react';

import { apiUrl } from '@/config/env';

export const MAINTENANCE_HEADER = 'x-clipdeck-maintenance';

let active = false;
const listeners = new Set<() => void>();

export const maintenanceStore = {
  get: () => active,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function setMaintenance(on: boolean) {
  if (on === active) return;
  active = on;
  for (const listener of listeners) listener();
}

/** True for the server's maintenance answer (and turns maintenance mode on). */
export function noteMaintenance(response: Response): boolean {
  const on = response.status === 503 && response.headers.get(MAINTENANCE_HEADER) === 'on';
  if (on) setMaintenance(true);
  return on;
}

export function useMaintenance(): boolean {
  return useSyncExternalStore(maintenanceStore.subscribe, maintenanceStore.get, () => false);
}

/** Asks /healthz, which answers during maintenance too: 'up', 'maintenance' or 'unreachable'. */
export async function serverStatus(signal?: AbortSignal): Promise<'up' | 'maintenance' | 'unreachable'> {
  try {
    const response = await fetch(apiUrl('/healthz'), { cache: 'no-store', signal });
    if (!response.ok) return 'unreachable';
    const body = (await response.json()) as { maintenance?: unknown };
    return body.maintenance === true ? 'maintenance' : 'up';
  } catch {
    return 'unreachable';
  }
}
