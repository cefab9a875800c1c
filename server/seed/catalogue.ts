// The demo catalogue (films from vega-datasets) on first start, through the same importer as
// `npm run catalogue:import`. Skipped when the demo films are already there; the importer is
// idempotent by external id anyway, so two processes seeding at once leave one copy. Then,
// where semantic search is on, the films' shipped vectors (server/catalogue/demo-vectors.ts)
// for every demo film not indexed yet, so they are found by meaning from the first minute.
import { like } from 'drizzle-orm';

import { demoCatalogueLines } from '../catalogue/demo-catalogue.ts';
import { loadDemoVectors } from '../catalogue/demo-vectors.ts';
import { importCatalogue } from '../catalogue/importer.ts';
import { embeddingsEnabled, invalidateIndexStatus } from '../catalogue/indexer.ts';
import type { AppDeps } from '../context.ts';
import { catalogueVideos } from '../db/schema/index.ts';

/** `lines`: the demo's lines (tests pass a part of them). */
export async function seedCatalogue(
  deps: AppDeps,
  lines: () => string[] = demoCatalogueLines,
): Promise<void> {
  const db = deps.database.db;
  const [existing] = await db
    .select({ id: catalogueVideos.id })
    .from(catalogueVideos)
    .where(like(catalogueVideos.externalId, 'vega-movie:%'))
    .limit(1);
  if (!existing) {
    const summary = await importCatalogue(db, lines());
    deps.log.info('demo catalogue imported', {
      videos: summary.videos,
      clips: summary.clips,
      skipped: summary.skipped.length,
      ms: summary.ms,
    });
  }
  if (embeddingsEnabled(deps)) {
    const started = Date.now();
    const loaded = await loadDemoVectors(deps);
    if (loaded) {
      invalidateIndexStatus(deps);
      deps.log.info('demo catalogue vectors loaded', { videos: loaded, ms: Date.now() - started });
    }
  }
}
