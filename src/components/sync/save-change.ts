// The one way a page saves a change of a mirrored feature: through the outbox (the local
// change and its queue row in one transaction). A full disk is never swallowed: the sync
// status is marked (the header shows it until a later save succeeds) and the error reaches
// the caller, which keeps what the user typed.
import { setSyncStatus, syncStatusStore } from '@/lib/sync/engine';
import { enqueueChange } from '@/lib/sync/outbox';
import type { AnyChange } from '@/lib/sync/registry';
import { StorageFullError } from '@/lib/sync/storage';

export async function saveChange(change: AnyChange): Promise<void> {
  try {
    await enqueueChange(change);
  } catch (error) {
    if (error instanceof StorageFullError) setSyncStatus({ storageFull: true });
    throw error;
  }
  if (syncStatusStore.get().storageFull) setSyncStatus({ storageFull: false });
}

export function isStorageFull(error: unknown): boolean {
  return error instanceof StorageFullError;
}
