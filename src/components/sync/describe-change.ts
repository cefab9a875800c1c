// Queued changes in the user's words: "Edit event 'Dentist'", "Move card 'Invoice'". Each
// feature's operation describes its own changes (its strings live with the feature's); a
// change no registered feature knows is "Another change".
import type { OutboxRow } from '@/lib/db';
import { changeOf, type ChangeDescription, type SyncRegistry } from '@/lib/sync/registry';

export type { ChangeDescription };

const UNKNOWN: ChangeDescription = { key: 'sync.change.unknown' };

/** Runs inside a live query: an operation may read a name from the mirror. */
export async function describeChange(
  registry: SyncRegistry,
  row: Pick<OutboxRow, 'op' | 'request'>,
): Promise<ChangeDescription> {
  const operation = registry.operation(row.op);
  if (!operation) return { key: `${UNKNOWN.key}Unnamed` };
  let found: ChangeDescription;
  try {
    found = await operation.describe(changeOf(row).body);
  } catch {
    found = UNKNOWN;
  }
  return found.name?.trim() ? found : { key: `${found.key}Unnamed` };
}
