// Raw SQL through Drizzle answers `{ rows }` on both drivers (PGlite and node-postgres).
import type { SQL } from 'drizzle-orm';

import type { Executor } from '../db/client.ts';

export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
