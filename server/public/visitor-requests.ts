// What a visitor of the public pages leaves with us: a contact message (stored, then mailed to
// the help address), a place on the launch list of /coming-soon (one row per email, the same
// answer whether the address was new or already listed) and a plan checkout of /payment
// (stored; nothing is charged). Each is limited per client address and per email in the
// database (auth/request-limits.ts): over a limit it answers 429 with Retry-After.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';
import type { z } from 'zod';

import { limitRequest, type RequestLimit } from '../auth/request-limits.ts';
import { normaliseEmail } from '../auth/users.ts';
import type { AppDeps } from '../context.ts';
import {
  planTotal,
  type ContactInput,
  type ContactReceipt,
  type launchSignupSchema,
  type planIntentSchema,
  type PlanIntentReceipt,
} from '../contracts/public.ts';
import { cardBrand } from '../contracts/shop.ts';
import { contactMessages, launchSignups, planIntents } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { loggableError } from '../lib/errors.ts';
import { contactMail } from './contact-mail.ts';
import { launchDate } from './launch-date.ts';

export const CONTACT_LIMIT: RequestLimit = {
  call: 'contact',
  windowSeconds: 60 * 60,
  perAddress: 5,
  perEmail: 3,
};

export const LAUNCH_SIGNUP_LIMIT: RequestLimit = {
  call: 'launch-signup',
  windowSeconds: 60 * 60,
  perAddress: 10,
  perEmail: 3,
};

export const PLAN_INTENT_LIMIT: RequestLimit = {
  call: 'plan-intent',
  windowSeconds: 60 * 60,
  perAddress: 10,
  perEmail: 5,
};

export async function sendContactMessage(
  deps: AppDeps,
  input: ContactInput,
  clientIp: string,
): Promise<ContactReceipt> {
  const email = normaliseEmail(input.email);
  const db = deps.database.db;
  await limitRequest(db, CONTACT_LIMIT, { address: clientIp, email });
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email,
      subject: input.subject,
      message: input.message,
      language: input.language ?? null,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!row) throw new Error('contact message not stored');
  try {
    await deps.mailer.send(contactMail({ ...input, email }, deps.env.HELP_EMAIL, row.id));
    await db
      .update(contactMessages)
      .set({ mailedAt: new Date() })
      .where(eq(contactMessages.id, row.id));
  } catch (error) {
    // the message is stored: the team can still read it, so the visitor is not asked to retry
    deps.log.error('contact message not mailed', { messageId: row.id, ...loggableError(error) });
  }
  return { id: row.id, sentTo: deps.env.HELP_EMAIL, receivedAt: row.createdAt.toISOString() };
}

export async function joinLaunchList(
  deps: AppDeps,
  input: z.infer<typeof launchSignupSchema>,
  clientIp: string,
) {
  const email = normaliseEmail(input.email);
  const db = deps.database.db;
  await limitRequest(db, LAUNCH_SIGNUP_LIMIT, { address: clientIp, email });
  await db
    .insert(launchSignups)
    .values({ email, language: input.language ?? null })
    .onConflictDoNothing({ target: launchSignups.email });
  return { email, launchAt: launchDate(deps.env.LAUNCH_AT).toISOString() };
}

/** "PLN-" and six characters a person can read out (no 0/O, 1/I). */
function newReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = crypto.randomBytes(6);
  return `PLN-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

export async function recordPlanIntent(
  deps: AppDeps,
  input: z.infer<typeof planIntentSchema>,
  clientIp: string,
): Promise<PlanIntentReceipt> {
  const email = normaliseEmail(input.email);
  const db = deps.database.db;
  await limitRequest(db, PLAN_INTENT_LIMIT, { address: clientIp, email });
  const digits = input.payment?.number.replace(/\D/g, '') ?? '';
  const card = input.payment ? { brand: cardBrand(digits), last4: digits.slice(-4) } : null;
  const total = planTotal(input.plan, input.billing, input.seats);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(planIntents)
        .values({
          reference: newReference(),
          plan: input.plan,
          billing: input.billing,
          seats: input.seats,
          total,
          name: input.name,
          email,
          company: input.company || null,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          language: input.language ?? null,
        })
        .returning();
      if (!row) throw new Error('plan intent not stored');
      return {
        id: row.id,
        reference: row.reference,
        plan: row.plan,
        billing: row.billing,
        seats: row.seats,
        total: row.total,
        card,
        createdAt: row.createdAt.toISOString(),
      };
    } catch (error) {
      // a reference drawn twice (one in a billion per row): draw again
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
