// PostgreSQL advisory locks for work that must run in one API process at a time when several
// share one database (docs/operations.md#several-api-processes):
// - `withAdvisoryLock` / `exclusively`: processes started together migrate, and seed the demo,
//   one after the other (the second finds the work done) instead of racing to create the same
//   tables and rows;
// - `runWhileHolding`: a job that only one process may run (the catalogue indexer). Each
//   process tries `pg_try_advisory_lock` on a connection of its own every `retryMs`; the one
//   that gets it runs the job for as long as that connection lives. The lock is a session
//   lock, so PostgreSQL frees it when the holder's connection ends, also when the process is
//   killed; then another process takes it over at its next try. PGlite is one process: the
//   job simply runs.
import pg from 'pg';

/** Lock ids (any 64-bit numbers, fixed so every process agrees). */
export const LOCK_IDS = {
  migrate: 0x636c_6970_0001n,
  catalogueIndexer: 0x636c_6970_0002n,
  demoSeed: 0x636c_6970_0003n,
} as const;

/** Runs `run` while `client`'s session holds `lockId`, waiting for it first. */
export async function withAdvisoryLock<T>(
  client: pg.PoolClient | pg.Client,
  lockId: bigint,
  run: () => Promise<T>,
): Promise<T> {
  await client.query('SELECT pg_advisory_lock($1)', [lockId.toString()]);
  try {
    return await run();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lockId.toString()]);
  }
}

/** `withAdvisoryLock` on a connection of its own; PGlite (no `url`) just runs. */
export async function exclusively<T>(
  url: string | undefined,
  lockId: bigint,
  run: () => Promise<T>,
): Promise<T> {
  if (!url) return run();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await withAdvisoryLock(client, lockId, run);
  } finally {
    await client.end();
  }
}

export interface HeldJobOptions {
  /** postgres:// URL; absent (PGlite) runs the job at once */
  url?: string;
  lockId: bigint;
  /** Starts the job; returns its stop function. */
  start: () => () => void;
  /** How often a process that does not hold the lock tries again. */
  retryMs?: number;
  /** Called when this process takes the lock, and when it loses it. */
  onChange?: (holding: boolean) => void;
  onError?: (error: unknown) => void;
}

/** Runs `start` only while this process holds `lockId`; returns the stop function. */
export function runWhileHolding(options: HeldJobOptions): () => void {
  if (!options.url) {
    const stopJob = options.start();
    return stopJob;
  }
  const url = options.url;
  const retryMs = options.retryMs ?? 15_000;
  let stopped = false;
  let client: pg.Client | null = null;
  let stopJob: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const release = () => {
    if (stopJob) {
      stopJob();
      stopJob = null;
      options.onChange?.(false);
    }
    const old = client;
    client = null;
    if (old) void old.end().catch(() => undefined);
  };

  const attempt = async () => {
    timer = null;
    if (stopped) return;
    const candidate = new pg.Client({ connectionString: url });
    // the connection ending (PostgreSQL restarted, the backend terminated) frees the lock:
    // stop the job and compete again
    candidate.on('error', (error) => {
      options.onError?.(error);
      if (client === candidate) {
        release();
        schedule();
      }
    });
    try {
      await candidate.connect();
      const result = await candidate.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS ok',
        [options.lockId.toString()],
      );
      if (result.rows[0]?.ok && !stopped) {
        client = candidate;
        candidate.on('end', () => {
          if (client === candidate) {
            release();
            schedule();
          }
        });
        stopJob = options.start();
        options.onChange?.(true);
        return;
      }
      await candidate.end();
    } catch (error) {
      options.onError?.(error);
      await candidate.end().catch(() => undefined);
    }
    schedule();
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void attempt(), retryMs);
    timer.unref();
  };

  void attempt();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    release();
  };
}
