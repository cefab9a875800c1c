// Admission control for /api and /trpc: at most `inFlight` requests run at once; the next ones
// wait their turn in order, and one that has waited `maxWaitMs` (or finds `maxQueue` waiting)
// is answered at once with 503, `Retry-After` and a JSON error instead of sitting in a queue
// past its client's timeout. Under more load than the database can serve (PGlite runs one
// query at a time in the process), unbounded requests would all join the database's queue at
// once, each of their queries waiting behind everybody else's, with no bound on latency and
// some requests never answered (docs/operations.md#load). Running a bounded number keeps the
// queue in front of the work, first come first served, where it can be measured and shed.
// Uploads stay outside it: they hold their request for minutes. The live stream (GET /api/live)
// goes through it: its handler does its database work and answers at once, and the stream's
// body is written after the gate has let the next request in.
import type { MiddlewareHandler } from 'hono';

import type { AppEnv } from '../context.ts';

export interface AdmissionOptions {
  /** requests running at once */
  inFlight: number;
  /** how long a request may wait for its turn, ms */
  maxWaitMs: number;
  /** requests waiting at most (more get the 503 at once) */
  maxQueue: number;
  /** seconds sent in Retry-After */
  retryAfterS: number;
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** Paths that hold their request open (uploads): never queued, never counted. */
const LONG_LIVED = /^\/api\/files\/(?:tus|content)(?:\/|$)/;

export function admissionGate(options: AdmissionOptions): MiddlewareHandler<AppEnv> & {
  stats: () => { running: number; waiting: number; shed: number };
} {
  let running = 0;
  let shed = 0;
  const waiting: { admit: () => void }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next.admit();
    else running -= 1;
  };

  const gate: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (LONG_LIVED.test(c.req.path)) return next();
    if (running < options.inFlight) {
      running += 1;
    } else {
      const admitted =
        waiting.length < options.maxQueue &&
        (await new Promise<boolean>((resolve) => {
          const entry = {
            admit: () => {
              clearTimeout(timer);
              resolve(true);
            },
          };
          const timer = setTimeout(() => {
            const at = waiting.indexOf(entry);
            if (at >= 0) waiting.splice(at, 1);
            resolve(false);
          }, options.maxWaitMs);
          waiting.push(entry);
        }));
      if (!admitted) {
        shed += 1;
        c.header('Retry-After', String(options.retryAfterS));
        return c.json({ error: BUSY_MESSAGE }, 503);
      }
    }
    try {
      await next();
    } finally {
      release();
    }
  };
  return Object.assign(gate, {
    stats: () => ({ running, waiting: waiting.length, shed }),
  });
}
