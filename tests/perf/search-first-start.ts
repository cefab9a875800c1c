// The first minute of `npm start` for search by meaning, measured on the real server process
// (the bundle `npm start` runs) with an empty DATA_DIR: the time until a descriptive query
// that shares no word with the films finds them by meaning, then the background indexer's
// rate on the demo's clips (texts brought in by the importer) while nothing else runs.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { ensureServerBundle, SERVER_BUNDLE } from '../../scripts/build-server.mjs';
import type { IndexStatus, SearchResult, VideoListItem } from '../../server/contracts/catalogue.ts';

export const FIRST_QUERY = 'astronauts travel through outer space';
/** Demo films about space travel: a first answer counts when one of them is in its top ten. */
const SPACE_FILMS = [
  'Apollo 13',
  'Space Cowboys',
  'Mission to Mars',
  'Red Planet',
  'Lost In Space',
  '2001: A Space Odyssey',
  'The Astronaut Farmer',
  "The Astronaut's Wife",
  'Star Trek: First Contact',
  'Planet 51',
];

export interface FirstStart {
  /** from spawning the server to its first semantic answer with a space film in the top ten */
  firstSemanticMs: number | null;
  /** texts embedded per second by the running server's background indexer */
  rate: { texts: number; seconds: number; perSecond: number } | null;
  log: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureFirstStart(dataDir: string, rateSeconds: number): Promise<FirstStart> {
  await ensureServerBundle();
  const port = 18000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDINGS: 'on',
      SEED_DEMO: 'true',
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const get = async <T>(procedure: string, input?: unknown): Promise<T | null> => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    try {
      const res = await fetch(`${base}/trpc/${procedure}${query}`);
      if (!res.ok) return null;
      return ((await res.json()) as { result: { data: T } }).result.data;
    } catch {
      return null;
    }
  };

  let firstSemanticMs: number | null = null;
  let rate: FirstStart['rate'] = null;
  try {
    while (performance.now() - started < 300_000 && child.exitCode === null) {
      const answer = await get<SearchResult<VideoListItem>>('catalogue.searchVideos', {
        embeddingSearch: true,
        textArr: [FIRST_QUERY],
        limit: 10,
      });
      if (answer?.search.semantic && answer.items.some((v) => SPACE_FILMS.includes(v.title))) {
        firstSemanticMs = performance.now() - started;
        break;
      }
      await sleep(250);
    }
    if (firstSemanticMs !== null && rateSeconds > 0) {
      // The server keeps its count a few seconds: a count that just changed was just made.
      const freshCount = async () => {
        const before = (await get<IndexStatus>('catalogue.indexStatus'))?.indexed;
        for (;;) {
          await sleep(100);
          const now = (await get<IndexStatus>('catalogue.indexStatus'))?.indexed;
          if (now !== undefined && now !== before) return { indexed: now, at: performance.now() };
        }
      };
      const first = await freshCount();
      await sleep(rateSeconds * 1000);
      const last = await freshCount();
      const seconds = (last.at - first.at) / 1000;
      const texts = last.indexed - first.indexed;
      rate = { texts, seconds, perSecond: texts / seconds };
    }
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
  return { firstSemanticMs, rate, log };
}
