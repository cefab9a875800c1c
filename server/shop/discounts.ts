// Discount codes: a percentage, active or not, with an optional expiry. Codes are compared in
// upper case ("welcome10" is WELCOME10). The cart stores the code and its percentage; placing
// an order checks the code again, so a code withdrawn after it was applied is not honoured.
//
// Codes cannot be guessed: every code that is tried and refused (on the cart or at checkout)
// counts against the signed-in user and against the client address, in the database
// (request_limits, shared by every API process). Once either has DISCOUNT_GUESSES failures in
// the window, every code, right or wrong, answers 429 with Retry-After until the window ends,
// so a right guess cannot be told from a wrong one. A code that works costs nothing.
import { and, eq, gt, isNull, or } from 'drizzle-orm';

import type { Database, Executor } from '../db/client.ts';
import { discountCodes } from '../db/schema/index.ts';
import { ApiError } from '../lib/errors.ts';
import { hitLimit, peekLimit } from '../lib/rate-limit.ts';

export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** Refused codes allowed per user and per client address in each window. */
export const DISCOUNT_GUESSES = { perUser: 10, perAddress: 30, windowSeconds: 60 * 60 };

export interface CodeTrier {
  userId: string;
  /** the client address app.ts resolved */
  address: string;
}

const limits = (who: CodeTrier) =>
  [
    [`discount-refused:user:${who.userId}`, DISCOUNT_GUESSES.perUser],
    [`discount-refused:address:${who.address}`, DISCOUNT_GUESSES.perAddress],
  ] as const;

/** 429 with Retry-After while the user or the address has used up its refused codes. */
export async function assertMayTryCode(db: Executor, who: CodeTrier): Promise<void> {
  let wait = 0;
  for (const [key, limit] of limits(who)) {
    const state = await peekLimit(db, key, limit, DISCOUNT_GUESSES.windowSeconds);
    if (!state.allowed) wait = Math.max(wait, state.retryAfterSeconds);
  }
  if (wait > 0)
    throw new ApiError(
      429,
      `Too many discount codes tried. Try again in ${Math.ceil(wait / 60)} minute(s).`,
      undefined,
      { 'Retry-After': String(wait) },
    );
}

/** Counts one refused code against the user and the address (outside any rolled-back work). */
export async function recordRefusedCode(db: Database, who: CodeTrier): Promise<void> {
  for (const [key, limit] of limits(who))
    await hitLimit(db, key, limit, DISCOUNT_GUESSES.windowSeconds);
}

/** The code's percentage if it can be used now, else null. */
export async function validDiscount(db: Executor, code: string) {
  const [row] = await db
    .select({ code: discountCodes.code, percent: discountCodes.percent })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.code, normaliseCode(code)),
        eq(discountCodes.active, true),
        or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, new Date())),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A refused code at checkout; the caller counts it once the order's transaction is over. */
export class RefusedCode extends ApiError {}

/** The code's discount, or 422 naming `code` (counted), or 429 when too many were refused. */
export async function checkedDiscount(db: Database, who: CodeTrier, code: string) {
  await assertMayTryCode(db, who);
  const discount = await validDiscount(db, code);
  if (!discount) {
    await recordRefusedCode(db, who);
    throw new ApiError(422, `The code ${normaliseCode(code)} is not valid.`, {
      code: 'This code does not exist or has expired.',
    });
  }
  return discount;
}
