// tRPC set-up: one `t`, a public and a signed-in procedure. Input errors come back as 400
// with a sentence naming the field ("Invalid minClipDuration: must be 0 or more") and the
// per-field messages in `data.fields`, the tRPC twin of the REST `{ error, fields }` shape.
// An internal error answers INTERNAL_MESSAGE and `data.requestId`, never its own message
// (a database error's holds the SQL and its parameters); app.ts logs it by request id.
// Every procedure first refuses an input holding text PostgreSQL cannot store (U+0000, a lone
// surrogate: lib/storable-input.ts) with the same 400 and `data.fields`, GET and POST alike.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

import {
  ApiError,
  INTERNAL_MESSAGE,
  invalidInput,
  loggableError,
  zodFields,
  type FieldErrors,
} from '../lib/errors.ts';
import { hitLimit, RateLimited } from '../lib/rate-limit.ts';
import { unstorableFields, unstorableTextRefusal } from '../lib/storable-input.ts';
import type { TrpcContext } from './context.ts';

export function describeFields(fields: FieldErrors): string {
  const names = Object.keys(fields).filter((k) => k !== '_');
  if (names.length === 0) return fields._ ?? 'Invalid input.';
  return names.map((name) => `Invalid ${name}: ${fields[name]}`).join('; ');
}

/** Calls per batched request (the client's httpBatchLink `maxItems` matches it). */
export const MAX_BATCH_SIZE = 10;
const BATCH_TOO_LARGE = /^Batch call exceeds maximum size/;

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error, ctx }) {
    const fields =
      error.cause instanceof ZodError
        ? zodFields(error.cause)
        : error.cause instanceof ApiError
          ? error.cause.fields
          : undefined;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    let message = fields ? describeFields(fields) : shape.message;
    if (internal) message = INTERNAL_MESSAGE;
    else if (BATCH_TOO_LARGE.test(message)) {
      message = `A batch may hold at most ${MAX_BATCH_SIZE} calls; send the rest in another request.`;
    }
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        fields: fields ?? null,
        ...(internal ? { requestId: ctx?.requestId ?? null } : {}),
      },
    };
  },
});

export const createTrpcRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** The input check of every procedure (see the header), and the 400 for a refusal that slips by. */
const storableInput = t.middleware(async ({ ctx, path, getRawInput, next }) => {
  const fields = unstorableFields(await getRawInput());
  if (fields) throw new TRPCError({ code: 'BAD_REQUEST', cause: invalidInput(fields) });
  const result = await next();
  if (result.ok) return result;
  const refusal = unstorableTextRefusal(result.error.cause);
  if (!refusal) return result;
  ctx.deps.log.warn('unstorable text reached the database', {
    requestId: ctx.requestId,
    procedure: path,
    ...loggableError(result.error.cause),
  });
  throw new TRPCError({ code: 'BAD_REQUEST', message: refusal.message, cause: refusal });
});

export const publicProcedure = t.procedure.use(storableInput);

export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to use this.' });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * Procedures that run a search (the costly calls a stranger can make): signed-out callers get
 * ANON_SEARCH_PER_MINUTE per client address, counted in the database, then a 429 whose
 * Retry-After app.ts sends as a header.
 */
export const searchProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.user) {
    const hit = await hitLimit(
      ctx.deps.database.db,
      `search:address:${ctx.clientIp}`,
      ctx.deps.env.ANON_SEARCH_PER_MINUTE,
      60,
    );
    if (!hit.allowed) {
      const message = `Too many searches from your address. Try again in ${hit.retryAfterSeconds} s, or sign in.`;
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message,
        cause: new RateLimited(message, hit.retryAfterSeconds),
      });
    }
  }
  return next();
});
