// Discount codes: a percentage, active or not, with an optional expiry. Codes are compared in
// upper case ("welcome10" is WELCOME10). The cart stores the code and its percentage; placing
// an order checks the code again, so a code withdrawn after it was applied is not honoured.
import { and, eq, gt, isNull, or } from 'drizzle-orm';

import type { Executor } from '../db/client.ts';
import { discountCodes } from '../db/schema/index.ts';

export const normaliseCode = (code: string) => code.trim().toUpperCase();

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
