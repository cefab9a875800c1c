// `npm run bench:search`: search by meaning from the first minute, and catalogue search
// latency and relevance over the demo catalogue (3,200 films from vega-datasets, 14,506
// clips) plus 100 held-out films, through the real app (tRPC over `app.request` in this
// process; no sockets, except for the first start).
//  - first start: the server bundle on an empty DATA_DIR, until a descriptive query finds
//    films by meaning (target ≤ 60 s), then its background indexer's rate for a minute
//    (search-first-start.ts);
//  - the held-out films (tests/perf/held-out-films.jsonl: films the demo never saw, written for
//    this bench) imported with `npm run catalogue:import`, then everything pending embedded
//    here by the server's background provider: the import embedding rate (target ≥ 50
//    texts/s on 2 cores), printed with the CPU time per text and the load average, since
//    the indexer runs at the lowest priority and yields to whatever else the machine runs;
//  - p50/p95 for filters only, keyword, semantic and hybrid (semantic timings include
//    embedding the query);
//  - relevance: precision@10 of the held-out films for queries that describe a theme without
//    its films' title words, keyword-only, semantic-only and hybrid; and of clips for
//    genre-labelled queries over the demo.
// BENCH_DATA_DIR=<a DATA_DIR> reuses a catalogue (no first start); BENCH_KEYWORD_ONLY=1 skips
// everything that needs embeddings; BENCH_RATE_SECONDS (60) is the in-server rate window.
// Budgets (2 cores): p95 ≤ 50 ms filters and keyword, ≤ 150 ms semantic and hybrid, and the
// two targets above. Prints the figures and exits 1 when one is missed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createApp } from '../../server/app.ts';
import { createTokenService } from '../../server/auth/tokens.ts';
import { BACKGROUND_WORKERS, embeddingProvider } from '../../server/catalogue/embeddings.ts';
import { indexCatalogue, indexStatus } from '../../server/catalogue/indexer.ts';
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
import { FIRST_QUERY, measureFirstStart } from './search-first-start.ts';
import { heldOutPrecision } from './search-held-out.ts';

const reuse = process.env.BENCH_DATA_DIR;
const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-searchbench-'));
// BENCH_KEYWORD_ONLY=1 skips the embedding index and the semantic figures (a quick run).
const keywordOnly = process.env.BENCH_KEYWORD_ONLY === '1';
const root = path.resolve(import.meta.dirname, '../..');
const load = () => os.loadavg()[0]!.toFixed(1);

console.log(`\nCatalogue search benchmark (${os.cpus().length} CPUs, load average ${load()})`);
const targets: boolean[] = [];
if (!reuse && !keywordOnly) {
  const first = await measureFirstStart(dataDir, Number(process.env.BENCH_RATE_SECONDS ?? 60));
  if (first.firstSemanticMs === null) console.log(first.log.slice(-3000));
  const ok = first.firstSemanticMs !== null && first.firstSemanticMs <= 60_000;
  targets.push(ok);
  console.log(
    `fresh first start (empty DATA_DIR) to the first semantic results for "${FIRST_QUERY}": ${first.firstSemanticMs === null ? 'NONE' : `${(first.firstSemanticMs / 1000).toFixed(1)} s`} (target ≤ 60 s) ${ok ? 'ok' : 'MISSED'}`,
  );
  if (first.rate)
    console.log(
      `then the running server's background indexer: ${first.rate.texts} texts in ${first.rate.seconds.toFixed(0)} s = ${first.rate.perSecond.toFixed(1)} texts/s (load average ${load()})`,
    );
}
// the held-out films, through the documented importer (the server is stopped: PGlite)
const heldOutFile = path.join(root, 'tests/perf/held-out-films.jsonl');
const imported = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/catalogue/import-cli.ts', heldOutFile],
  { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
);
if (imported.status !== 0) throw new Error(`catalogue:import failed: ${imported.stderr}`);
console.log(`npm run catalogue:import: ${imported.stdout.trim()}`);
const env = loadEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_REQUESTS: 'false',
  EMBEDDINGS: 'on',
  // every call here comes from one signed-out caller: measure search, not its rate limit
  ANON_SEARCH_PER_MINUTE: '1000000',
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
console.log(`open + seed check: ${Date.now() - started} ms`);

let status = await indexStatus(deps);
if (!keywordOnly && status.indexed < status.total) {
  // the server's own background provider: one worker per core, at the lowest priority
  const pending = status.total - status.indexed;
  const cpu = process.cpuUsage();
  const indexStarted = performance.now();
  status = await indexCatalogue(deps, embeddingProvider('background'));
  const seconds = (performance.now() - indexStarted) / 1000;
  const used = process.cpuUsage(cpu);
  const rate = pending / seconds;
  const ok = rate >= 50;
  targets.push(ok);
  const cpuMsPerText = (used.user + used.system) / 1000 / pending;
  console.log(
    `import embedding rate: ${pending} texts (held-out films first, then the demo's clips) in ${seconds.toFixed(0)} s = ${rate.toFixed(1)} texts/s (target ≥ 50) ${ok ? 'ok' : 'MISSED'}, ${BACKGROUND_WORKERS} workers at nice 19, load average ${load()}`,
  );
  // what the same work needs of the machine: with nothing else running, the workers get
  // all of it (an upper bound; the database writes share the cores)
  console.log(
    `  ${cpuMsPerText.toFixed(1)} ms of CPU per text: ${((1000 / cpuMsPerText) * Math.min(BACKGROUND_WORKERS, os.cpus().length)).toFixed(0)} texts/s if ${Math.min(BACKGROUND_WORKERS, os.cpus().length)} cores were free for it`,
  );
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
await heldOutPrecision(deps, call);
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
process.exit([...results, ...targets].every(Boolean) ? 0 : 1);
