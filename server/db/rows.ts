// Raw SQL through Drizzle: `execute()` answers `{ rows }` on both drivers (PGlite and
// node-postgres). Every raw query reads its rows through `queryRows`.
import type { SQL } from 'drizzle-orm';

import type { Executor } from './client.ts';

export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows?: T[] }).rows ?? [];
}
