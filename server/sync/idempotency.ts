// Exactly-once mutations for the offline sync queue
// (docs/offline-and-sync.md#the-sync-queues-rules).
//
// A queued change carries the key `clientId:seq`, alone (`Idempotency-Key` header) or as one
// change of a batch (batch.ts). `applyOnce` is the one primitive both paths call, with the
// request's method, path and raw body text (the hash covers all three, so a change sent alone
// and re-sent in a batch is the same request). Inside ONE database transaction it locks the
// client's row, checks the sequence, applies the change (in a savepoint) and stores the answer
// with the new last sequence. So:
//   - seq = last + 1  → applied once, its answer stored (a 4xx refusal is stored too, so the
//                       queue moves on and a retry gets the same refusal);
//   - seq ≤ last      → the stored answer is returned, nothing is applied again; when that
//                       answer was pruned (prune.ts) → 410, still nothing applied;
//   - seq > last + 1  → 409 `SequenceGap`: an earlier change is missing, nothing is applied;
//   - a known seq with a different request → 422 (a client bug, never applied).
// A body that is not JSON is a 400 before any of this (not stored, the sequence does not move);
// one holding text the database cannot store (lib/storable-input.ts: U+0000, a lone surrogate)
// is refused as the mutation's own answer: a stored 400 naming the fields, and the queue moves on.
// A crash at any point rolls back the change and its bookkeeping together. Without a key a
// mutation simply runs in a transaction. Client rows are never pruned (see prune.ts), so a
// known client can never start again at 1; a user may start at most MAX_NEW_CLIENTS clients
// within CLIENT_WINDOW_DAYS (429 past that), which bounds how fast that table can grow.
import crypto from 'node:crypto';

import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import type { AppDeps, AppEnv, AuthUser } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { syncClients, syncResults } from '../db/schema/index.ts';
import { ApiError, badRequest, unauthorized } from '../lib/errors.ts';
import { assertStorable, unstorableTextRefusal } from '../lib/storable-input.ts';
import { afterCommit } from '../live/bus.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const KEY = /^([A-Za-z0-9_-]{1,64}):([1-9][0-9]{0,8})$/;

export interface MutationResult {
  status: ContentfulStatusCode;
  body: unknown;
}

/** Who a mutation runs for: the signed-in user and the server's dependencies. */
export interface MutationContext {
  user: AuthUser;
  deps: AppDeps;
}

export type Mutation = (
  tx: Transaction,
  body: unknown,
  ctx: MutationContext,
) => Promise<MutationResult>;

export interface IdempotencyKey {
  clientId: string;
  seq: number;
}

export interface MutationRequest {
  method: string;
  path: string;
  /** the body's JSON text exactly as sent */
  raw: string;
  key: IdempotencyKey | null;
}

export interface MutationOutcome extends MutationResult {
  replayed: boolean;
}

/** 409: change `seq` came before the server's next expected change; the queue must stop. */
export class SequenceGap extends ApiError {
  constructor(seq: number, expected: number) {
    super(
      409,
      `Change ${seq} arrived before change ${expected}; send the missing changes first.`,
      { [IDEMPOTENCY_HEADER]: `Expected sequence ${expected}.` },
      { 'X-Expected-Seq': String(expected) },
    );
  }
}

export function parseKey(text: string): IdempotencyKey | null {
  const match = KEY.exec(text.trim());
  return match ? { clientId: match[1]!, seq: Number(match[2]) } : null;
}

export function parseIdempotencyKey(header: string | undefined) {
  if (header === undefined) return null;
  const key = parseKey(header);
  if (!key) {
    throw badRequest('The Idempotency-Key must look like clientId:seq (seq from 1).', {
      [IDEMPOTENCY_HEADER]: 'Expected clientId:seq.',
    });
  }
  return key;
}

function requestHash(method: string, path: string, raw: string) {
  return crypto.createHash('sha256').update(`${method} ${path}\n${raw}`).digest('hex');
}

function parseBody(raw: string): unknown {
  try {
    return raw === '' ? {} : (JSON.parse(raw) as unknown);
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

export function refusalBody(error: ApiError) {
  return error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
}

/** Clients a user may have used in CLIENT_WINDOW_DAYS; a new one past that waits (429). */
export const MAX_NEW_CLIENTS = 100;
export const CLIENT_WINDOW_DAYS = 30;

async function refuseTooManyClients(tx: Transaction, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(syncClients)
    .where(
      and(
        eq(syncClients.userId, userId),
        gt(syncClients.updatedAt, sql`now() - make_interval(days => ${CLIENT_WINDOW_DAYS})`),
      ),
    );
  if (Number(row?.n ?? 0) > MAX_NEW_CLIENTS) {
    throw new ApiError(
      429,
      `This account synced from more than ${MAX_NEW_CLIENTS} devices or browsers in ${CLIENT_WINDOW_DAYS} days; try again later.`,
      { [IDEMPOTENCY_HEADER]: 'Too many new sync clients.' },
      { 'Retry-After': String(24 * 60 * 60) },
    );
  }
}

/**
 * One client's sequence, locked (its row `FOR UPDATE`) for the length of a transaction. `apply`
 * takes that client's changes in ascending key order; their answers and the new last sequence
 * are written by `save`, in the same transaction, so a batch writes them once.
 */
export class ClientSequence {
  private readonly answers: (typeof syncResults.$inferInsert)[] = [];

  private constructor(
    private readonly tx: Transaction,
    private readonly ctx: MutationContext,
    readonly clientId: string,
    private lastSeq: number,
  ) {}

  static async lock(tx: Transaction, ctx: MutationContext, clientId: string) {
    const userId = ctx.user.id;
    const created = await tx
      .insert(syncClients)
      .values({ userId, clientId })
      .onConflictDoNothing()
      .returning({ clientId: syncClients.clientId });
    if (created.length) await refuseTooManyClients(tx, userId);
    const [row] = await tx
      .select({ lastSeq: syncClients.lastSeq })
      .from(syncClients)
      .where(and(eq(syncClients.userId, userId), eq(syncClients.clientId, clientId)))
      .for('update');
    return new ClientSequence(tx, ctx, clientId, row?.lastSeq ?? 0);
  }

  /**
   * Applies `mutation` for change `seq` exactly once and returns its (stored) answer. Throws an
   * ApiError for the answers that are not stored (bad JSON, gap, reused key, pruned answer) and
   * anything else for a failure; either way the change left nothing behind (its savepoint).
   */
  async apply(
    request: Omit<MutationRequest, 'key'> & { seq: number },
    mutation: Mutation,
  ): Promise<MutationOutcome> {
    const { tx, ctx, clientId } = this;
    const { seq } = request;
    const body = parseBody(request.raw);
    const hash = requestHash(request.method, request.path, request.raw);
    if (seq <= this.lastSeq) {
      const [stored] = await tx
        .select()
        .from(syncResults)
        .where(
          and(
            eq(syncResults.userId, ctx.user.id),
            eq(syncResults.clientId, clientId),
            eq(syncResults.seq, seq),
          ),
        );
      if (!stored) {
        throw new ApiError(
          410,
          `Change ${seq} was applied long ago; its answer is no longer kept.`,
          {
            [IDEMPOTENCY_HEADER]: `Change ${seq} was applied; its answer was pruned.`,
          },
        );
      }
      if (stored.requestHash !== hash) {
        throw new ApiError(
          422,
          `Idempotency-Key ${clientId}:${seq} was already used for a different request.`,
          { [IDEMPOTENCY_HEADER]: 'Already used for a different request.' },
        );
      }
      return { status: stored.status as ContentfulStatusCode, body: stored.body, replayed: true };
    }
    if (seq > this.lastSeq + 1) throw new SequenceGap(seq, this.lastSeq + 1);

    let result: MutationResult;
    try {
      assertStorable(body);
      result = await tx.transaction((savepoint) => mutation(savepoint, body, ctx));
    } catch (error) {
      const refusal = unstorableTextRefusal(error) ?? error;
      if (!isStoredRefusal(refusal)) throw error;
      result = { status: refusal.status, body: refusalBody(refusal) };
    }
    this.answers.push({ userId: ctx.user.id, clientId, seq, requestHash: hash, ...result });
    this.lastSeq = seq;
    return { ...result, replayed: false };
  }

  /** Writes the answers of the changes applied since `lock` and the client's last sequence. */
  async save() {
    if (this.answers.length === 0) return;
    await this.tx.insert(syncResults).values(this.answers);
    await this.tx
      .update(syncClients)
      .set({ lastSeq: this.lastSeq, updatedAt: sql`now()` })
      .where(
        and(eq(syncClients.userId, this.ctx.user.id), eq(syncClients.clientId, this.clientId)),
      );
    this.answers.length = 0;
  }
}

/** Applies one change, alone: its own transaction (no key: just the mutation). */
export async function applyOnce(
  ctx: MutationContext,
  request: MutationRequest,
  mutation: Mutation,
): Promise<MutationOutcome> {
  const { db } = ctx.deps.database;
  const { key } = request;
  if (!key) {
    const body = parseBody(request.raw);
    assertStorable(body);
    const result = await afterCommit(ctx.deps, () =>
      db.transaction((tx) => mutation(tx, body, ctx)),
    );
    return { ...result, replayed: false };
  }
  return afterCommit(ctx.deps, () =>
    db.transaction(async (tx) => {
      const sequence = await ClientSequence.lock(tx, ctx, key.clientId);
      const outcome = await sequence.apply({ ...request, seq: key.seq }, mutation);
      await sequence.save();
      return outcome;
    }),
  );
}

/** The single-request form: the key from the header, the answer as the HTTP response. */
export async function runMutation(c: Context<AppEnv>, mutation: Mutation): Promise<Response> {
  const user = c.var.user;
  if (!user) throw unauthorized();
  const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
  const raw = await c.req.text();
  const outcome = await applyOnce(
    { user, deps: c.var.deps },
    { method: c.req.method, path: c.req.path, raw, key },
    mutation,
  );
  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(outcome.body as object, outcome.status);
}
