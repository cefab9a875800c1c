// `npm run bench:search`: catalogue search latency and relevance over the demo catalogue
// (3,200 films from vega-datasets, ~14,500 clips), through the real app (tRPC over
// `app.request`, so routing, validation and serialisation are included; no sockets).
//  - first start: migrate + seed a fresh PGlite until the catalogue is searchable, then the
//    embedding index until it is complete (skipped with BENCH_DATA_DIR=<an indexed DATA_DIR>,
//    which reuses a catalogue that is already indexed, e.g. after `npm start` finished);
//  - p50/p95 for filters only, keyword, semantic and hybrid (semantic timings include
//    embedding the query);
//  - relevance: genre-labelled natural-language queries; precision@10 = the share of the top
//    ten clips whose film carries that genre.
// Budgets (2 cores): p95 ≤ 50 ms filters and keyword, ≤ 150 ms semantic and hybrid. Prints
// the figures and exits 1 when a budget is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createApp } from '../../server/app.ts';
import { createTokenService } from '../../server/auth/tokens.ts';
import { createUseLiteProvider } from '../../server/catalogue/embeddings.ts';
import { indexCatalogue } from '../../server/catalogue/indexer.ts';
import type { AppDeps } from '../../server/context.ts';
import type {
  ClipListItem,
  Facets,
  SearchInput,
  SearchResult,
  VideoListItem,
} from '../../server/contracts/catalogue.ts';
import { openDatabase } from '../../server/db/client.ts';
import { loadEnv } from '../../server/env.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createMemoryMailer } from '../../server/mailer/mailer.ts';
import { seedDemo } from '../../server/seed/index.ts';

const reuse = process.env.BENCH_DATA_DIR;
const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-searchbench-'));
const env = loadEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_REQUESTS: 'false',
  EMBEDDINGS: 'on',
});
const log = createLogger(false);

const started = Date.now();
const database = await openDatabase({ dataDir: env.dataDir });
const deps: AppDeps = {
  database,
  env,
  log,
  mailer: createMemoryMailer(),
  tokens: createTokenService({
    secret: env.JWT_SECRET!,
    issuer: env.JWT_ISSUER,
    audience: env.JWT_AUDIENCE,
    ttlSeconds: env.JWT_TTL,
  }),
};
await seedDemo(deps);
const searchableMs = Date.now() - started;
// BENCH_KEYWORD_ONLY=1 skips the embedding index and the semantic figures (a quick run).
const keywordOnly = process.env.BENCH_KEYWORD_ONLY === '1';
const provider = createUseLiteProvider();
const indexStarted = Date.now();
const status = keywordOnly
  ? { indexed: 0, total: 0 }
  : await indexCatalogue(deps, provider, { batchSize: 64 });
const indexMs = Date.now() - indexStarted;

console.log(`\nCatalogue search benchmark (${os.cpus().length} CPUs, ${database.kind})`);
if (reuse) {
  console.log(`reused ${reuse}: open + seed check ${searchableMs} ms; index already complete`);
} else {
  console.log(`first start to a searchable catalogue: ${(searchableMs / 1000).toFixed(1)} s`);
  console.log(`then to a complete embedding index: ${(indexMs / 1000).toFixed(1)} s more`);
}
console.log(`index: ${status.indexed}/${status.total} texts`);

const app = createApp(deps);
async function call<T>(procedure: string, input: SearchInput | Record<string, unknown>) {
  const res = await app.request(
    `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
  );
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string } };
  if (!body.result) throw new Error(`${procedure}: ${res.status} ${body.error?.message}`);
  return body.result.data;
}

const facets = await call<Facets>('catalogue.facets', {});
const genres = facets.videoTags.filter((t) => t.kind === 'genre');
const ratings = facets.videoTags.filter((t) => t.kind === 'rating');
const people = facets.people.slice(0, 20);
const tags = facets.tags.slice(0, 20);
const pick = <T>(list: T[], i: number) => list[i % list.length]!;

const filterQueries: [string, SearchInput][] = Array.from({ length: 48 }, (_, i) => {
  const sorts = ['premiereDate', 'virality', 'newest'] as const;
  const input: SearchInput = { sortBy: pick([...sorts], i), limit: 24 };
  if (i % 2 === 0) input.videoTagIds = [pick(genres, i).id];
  if (i % 3 === 0) input.personIds = [pick(people, i).id];
  if (i % 4 === 1) input.tagIds = [pick(tags, i).id];
  if (i % 5 === 2) input.videoTagIds = [pick(ratings, i).id];
  if (i % 3 === 1) {
    input.afterPremiereDate = `${1970 + (i % 20)}-01-01`;
    input.beforePremiereDate = '2005-12-31';
  }
  if (i % 4 === 2) {
    input.minClipDuration = 30;
    input.maxClipDuration = 90;
  }
  return [i % 2 ? 'catalogue.searchClips' : 'catalogue.searchVideos', input];
});
const WORDS = [
  'chase',
  'ghost',
  'wedding',
  'haunted hou',
  'love',
  'desert',
  'concert',
  'confess',
  'treasure map',
  'car',
  'kiss rain',
  'spiel',
  'star',
  'night',
  'dance',
];
const keywordQueries: [string, SearchInput][] = WORDS.flatMap((w, i) => [
  ['catalogue.searchClips', { textArr: [w], limit: 24 }],
  [
    'catalogue.searchVideos',
    { textArr: [w], limit: 24, ...(i % 2 ? { sortBy: 'virality' as const } : {}) },
  ],
]);
const MEANINGS = [
  'a frightening spirit in an old mansion',
  'cowboys shooting it out at noon',
  'lovers reunite at the airport',
  'a band plays to a huge crowd',
  'soldiers far from home write letters',
  'a detective questions the suspect',
  'friends get lost on a long drive',
  'a dragon guarding gold',
  'a family argues at dinner',
  'scientists explain the data',
];
const semanticQueries: [string, SearchInput][] = MEANINGS.flatMap((m, i) => [
  ['catalogue.searchClips', { embeddingSearch: true, textArr: [m], limit: 24 }],
  [
    'catalogue.searchVideos',
    {
      embeddingSearch: true,
      textArr: [m],
      limit: 24,
      ...(i % 2 ? { videoTagIds: [pick(genres, i).id] } : {}),
    },
  ],
]);
const hybridQueries: [string, SearchInput][] = [
  'ghost',
  'car chase',
  'wedding',
  'kiss',
  'treasure',
  'concert',
  'duel',
  'interview',
  'funeral',
  'heist',
].flatMap((w) => [
  ['catalogue.searchClips', { embeddingSearch: true, textArr: [w], limit: 24 }],
  ['catalogue.searchVideos', { embeddingSearch: true, textArr: [w], limit: 24 }],
]);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(name: string, queries: [string, SearchInput][], budget: number) {
  for (const [procedure, input] of queries.slice(0, 3)) await call(procedure, input);
  const times: number[] = [];
  for (let round = 0; round < 2; round += 1) {
    for (const [procedure, input] of queries) {
      const t = performance.now();
      await call(procedure, input);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const ok = p95 <= budget;
  console.log(
    `${name.padEnd(14)} n=${String(times.length).padStart(3)}  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (budget p95 ≤ ${budget} ms) ${ok ? 'ok' : 'OVER'}`,
  );
  return ok;
}

console.log('\nLatency (tRPC through the app, first page of 24)');
const results = [
  await measure('filters only', filterQueries, 50),
  await measure('keyword', keywordQueries, 50),
  ...(keywordOnly
    ? []
    : [
        await measure('semantic', semanticQueries, 150),
        await measure('hybrid', hybridQueries, 150),
      ]),
];

// Relevance: a natural query per genre that avoids the genre's own name.
const LABELLED: [genre: string, query: string][] = [
  ['Horror', 'a terrifying night with something evil in the dark'],
  ['Action', 'explosions, gunfire and a fist fight'],
  ['Western', 'gunslingers and horses on the frontier'],
  ['Musical', 'people singing and dancing on stage'],
  ['Romantic Comedy', 'two people falling in love and sharing a kiss'],
  ['Thriller/Suspense', 'police hunting a killer against the clock'],
  ['Adventure', 'explorers on a dangerous expedition to find lost riches'],
  ['Comedy', 'an embarrassing situation that makes everyone laugh'],
  ['Drama', 'a grieving family confronting painful secrets'],
  ['Documentary', 'real witnesses interviewed about historical events'],
];
if (keywordOnly) {
  await database.close();
  if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(results.every(Boolean) ? 0 : 1);
}
console.log('\nRelevance: precision@10 of clips for genre-labelled queries');
const allVideos = await call<SearchResult<VideoListItem>>('catalogue.searchVideos', { limit: 1 });
let sumPrecision = 0;
let sumBaseline = 0;
for (const [genre, query] of LABELLED) {
  const tag = genres.find((g) => g.name === genre);
  if (!tag) continue;
  const res = await call<SearchResult<ClipListItem>>('catalogue.searchClips', {
    embeddingSearch: true,
    textArr: [query],
    limit: 10,
  });
  const videos = await Promise.all(
    res.items.map((c) => call<VideoListItem>('catalogue.video', { videoId: c.videoId })),
  );
  const precision = videos.filter((v) => v.videoTags.some((t) => t.id === tag.id)).length / 10;
  // What picking clips at random would score: the genre's share of the catalogue.
  const baseline = tag.count / allVideos.total;
  sumPrecision += precision;
  sumBaseline += baseline;
  console.log(
    `${genre.padEnd(18)} ${precision.toFixed(1)}  (random ${baseline.toFixed(2)})  "${query}"`,
  );
}
const n = LABELLED.length;
console.log(
  `mean precision@10: ${(sumPrecision / n).toFixed(2)} (random ${(sumBaseline / n).toFixed(2)})`,
);

await database.close();
if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(results.every(Boolean) ? 0 : 1);
