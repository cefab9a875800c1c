// A name not yet used among a folder's live items: "report.pdf", then "report (2).pdf"…
import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Executor } from '../db/client.ts';
import { fileItems } from '../db/schema/index.ts';

export function splitName(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

export async function freeName(
  db: Executor,
  ownerId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<string> {
  const [stem, ext] = splitName(name);
  const rows = await db
    .select({ id: fileItems.id, name: fileItems.name })
    .from(fileItems)
    .where(
      and(
        eq(fileItems.ownerId, ownerId),
        parentId ? eq(fileItems.parentId, parentId) : isNull(fileItems.parentId),
        isNull(fileItems.trashedAt),
        sql`lower(${fileItems.name}) like ${`${stem.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      ),
    );
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n += 1) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
