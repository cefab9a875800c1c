// tRPC set-up: one `t`, a public and a signed-in procedure. Input errors come back as 400
// with a sentence naming the field ("Invalid minClipDuration: must be 0 or more") and the
// per-field messages in `data.fields`, the tRPC twin of the REST `{ error, fields }` shape.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

import { zodFields, type FieldErrors } from '../lib/errors.ts';
import type { TrpcContext } from './context.ts';

export function describeFields(fields: FieldErrors): string {
  const names = Object.keys(fields).filter((k) => k !== '_');
  if (names.length === 0) return fields._ ?? 'Invalid input.';
  return names.map((name) => `Invalid ${name}: ${fields[name]}`).join('; ');
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const fields = error.cause instanceof ZodError ? zodFields(error.cause) : undefined;
    return {
      ...shape,
      message: fields ? describeFields(fields) : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fields: fields ?? null },
    };
  },
});

export const createTrpcRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const userProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to use this.' });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});
