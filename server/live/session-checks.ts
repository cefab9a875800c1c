// The session check a live stream makes before it delivers (stream.ts), shared by the streams
// that ask in the same turn of the event loop: one notice wakes every stream of a board at
// once, and one read of their users' rows (`sessionsHold`) answers them all, instead of one
// read per stream. The read is made after every one of them asked, so each answer is as fresh
// as a check of its own would have been.
import { sessionsHold } from '../auth/middleware.ts';
import type { TokenClaims } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';

interface Ask {
  claims: TokenClaims;
  answer: (holds: boolean) => void;
  fail: (error: unknown) => void;
}

const waiting = new WeakMap<Database, Ask[]>();

/** Whether the session still holds, read with the other streams asking now. */
export function sessionStillHolds(db: Database, claims: TokenClaims): Promise<boolean> {
  return new Promise((answer, fail) => {
    let asks = waiting.get(db);
    if (!asks) {
      const batch: Ask[] = [];
      asks = batch;
      waiting.set(db, batch);
      setImmediate(() => {
        waiting.delete(db);
        sessionsHold(
          db,
          batch.map((a) => a.claims),
        ).then(
          (verdicts) => batch.forEach((a, i) => a.answer(verdicts[i]!)),
          (error: unknown) => batch.forEach((a) => a.fail(error)),
        );
      });
    }
    asks.push({ claims, answer, fail });
  });
}
