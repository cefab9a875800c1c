// Exactly-once mutations for the offline sync queue (ARCHITECTURE §5).
//
// A queued change carries `Idempotency-Key: clientId:seq`. Inside ONE database transaction we
// lock the client's row, check the sequence, apply the change (in a savepoint) and store the
// answer with the new last sequence. So:
//   - seq = last + 1  → applied once, its answer stored (a 4xx refusal is stored too, so the
//                       queue moves on and a retry gets the same refusal);
//   - seq ≤ last      → the stored answer is returned, nothing is applied again;
//   - seq > last + 1  → 409: an earlier change is missing, nothing is applied;
//   - a known seq with a different request → 422 (a client bug, never applied).
// A crash at any point rolls back the change and its bookkeeping together. Without the header
// a mutation simply runs in a transaction.
import crypto from 'node:crypto';

import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import type { AppEnv } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { syncClients, syncResults } from '../db/schema/index.ts';
import { ApiError, badRequest, unauthorized } from '../lib/errors.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY = /^([A-Za-z0-9_-]{1,64}):([1-9][0-9]{0,8})$/;

export interface MutationResult {
  status: ContentfulStatusCode;
  body: unknown;
}

export type Mutation = (tx: Transaction, body: unknown) => Promise<MutationResult>;

export function parseIdempotencyKey(header: string | undefined) {
  if (header === undefined) return null;
  const match = KEY.exec(header.trim());
  if (!match) {
    throw badRequest('The Idempotency-Key must look like clientId:seq (seq from 1).', {
      'Idempotency-Key': 'Expected clientId:seq.',
    });
  }
  return { clientId: match[1]!, seq: Number(match[2]) };
}

function requestHash(method: string, path: string, raw: string) {
  return crypto.createHash('sha256').update(`${method} ${path}\n${raw}`).digest('hex');
}

async function readBody(c: Context<AppEnv>): Promise<{ raw: string; body: unknown }> {
  const raw = await c.req.text();
  try {
    return { raw, body: raw === '' ? {} : (JSON.parse(raw) as unknown) };
  } catch {
    throw badRequest('The request body must be valid JSON.');
  }
}

/** A refusal that is part of the answer (stored and replayed), not a server failure. */
function isStoredRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429
  );
}

function refusalBody(error: ApiError) {
  return error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
}

/** Runs `mutation` exactly once per `clientId:seq` and answers with its (stored) result. */
export async function runMutation(c: Context<AppEnv>, mutation: Mutation): Promise<Response> {
  const user = c.var.user;
  if (!user) throw unauthorized();
  const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
  const { raw, body } = await readBody(c);
  const { db } = c.var.deps.database;

  if (!key) {
    const result = await db.transaction((tx) => mutation(tx, body));
    return c.json(result.body as object, result.status);
  }

  const hash = requestHash(c.req.method, c.req.path, raw);
  const outcome = await db.transaction(async (tx) => {
    await tx
      .insert(syncClients)
      .values({ userId: user.id, clientId: key.clientId })
      .onConflictDoNothing();
    const [client] = await tx
      .select({ lastSeq: syncClients.lastSeq })
      .from(syncClients)
      .where(and(eq(syncClients.userId, user.id), eq(syncClients.clientId, key.clientId)))
      .for('update');
    const lastSeq = client?.lastSeq ?? 0;

    if (key.seq <= lastSeq) {
      const [stored] = await tx
        .select()
        .from(syncResults)
        .where(
          and(
            eq(syncResults.userId, user.id),
            eq(syncResults.clientId, key.clientId),
            eq(syncResults.seq, key.seq),
          ),
        );
      if (!stored) throw new ApiError(409, `Change ${key.seq} was applied long ago.`);
      if (stored.requestHash !== hash) {
        throw new ApiError(
          422,
          `Idempotency-Key ${key.clientId}:${key.seq} was already used for a different request.`,
        );
      }
      return { status: stored.status as ContentfulStatusCode, body: stored.body, replayed: true };
    }
    if (key.seq > lastSeq + 1) {
      throw new ApiError(
        409,
        `Change ${key.seq} arrived before change ${lastSeq + 1}; send the missing changes first.`,
        { 'Idempotency-Key': `Expected sequence ${lastSeq + 1}.` },
        { 'X-Expected-Seq': String(lastSeq + 1) },
      );
    }

    let result: MutationResult;
    try {
      result = await tx.transaction((savepoint) => mutation(savepoint, body));
    } catch (error) {
      if (!isStoredRefusal(error)) throw error;
      result = { status: error.status, body: refusalBody(error) };
    }
    await tx.insert(syncResults).values({
      userId: user.id,
      clientId: key.clientId,
      seq: key.seq,
      requestHash: hash,
      status: result.status,
      body: result.body,
    });
    await tx
      .update(syncClients)
      .set({ lastSeq: key.seq, updatedAt: sql`now()` })
      .where(and(eq(syncClients.userId, user.id), eq(syncClients.clientId, key.clientId)));
    return { ...result, replayed: false };
  });

  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(outcome.body as object, outcome.status);
}
