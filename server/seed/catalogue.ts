// The demo catalogue (films from vega-datasets) on first start, through the same importer as
// `npm run catalogue:import`. Skipped when the demo films are already there; the importer is
// idempotent by external id anyway, so two processes seeding at once leave one copy.
import { like } from 'drizzle-orm';

import { demoCatalogueLines } from '../catalogue/demo-catalogue.ts';
import { importCatalogue } from '../catalogue/importer.ts';
import type { AppDeps } from '../context.ts';
import { catalogueVideos } from '../db/schema/index.ts';

export async function seedCatalogue(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const [existing] = await db
    .select({ id: catalogueVideos.id })
    .from(catalogueVideos)
    .where(like(catalogueVideos.externalId, 'vega-movie:%'))
    .limit(1);
  if (existing) return;
  const summary = await importCatalogue(db, demoCatalogueLines());
  deps.log.info('demo catalogue imported', {
    videos: summary.videos,
    clips: summary.clips,
    skipped: summary.skipped.length,
    ms: summary.ms,
  });
}
