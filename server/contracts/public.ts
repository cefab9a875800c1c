// The public pages' inputs, shared by the server and the pages' forms (one zod schema per
// input): the contact form, the launch list of /coming-soon and the plan checkout of /payment,
// whose card is checked by the shop's own `paymentInputSchema` (Luhn, expiry, CVC). Also the
// configuration the pages read (GET /api/public/config); the plans are ./plans.ts.
import { z } from 'zod';

import { INVALID_EMAIL, isValidEmail } from './email.ts';
import { LANGUAGES } from './languages.ts';
import { BILLING_PERIODS, PLAN_IDS, PLANS, type BillingPeriod, type PlanId } from './plans.ts';
import { paymentInputSchema } from './shop.ts';

export {
  BILLING_PERIODS,
  isPlanId,
  PLAN_IDS,
  PLANS,
  planTotal,
  type BillingPeriod,
  type Plan,
  type PlanId,
} from './plans.ts';

const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .refine(isValidEmail, INVALID_EMAIL);

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

const language = z.enum(LANGUAGES).optional();

// ---- contact form --------------------------------------------------------------------------

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** POST /api/public/contact */
export const contactInputSchema = z.object({
  name: required('Name', 120),
  email,
  subject: required('Subject', 200),
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(1, 'Message is required.')
    .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters.`)
    .max(CONTACT_MESSAGE_MAX, 'Message is too long.'),
  language,
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export interface ContactReceipt {
  id: string;
  /** where the message was sent: the help address */
  sentTo: string;
  receivedAt: string;
}

// ---- launch list ---------------------------------------------------------------------------

/** POST /api/public/notify: "tell me when it launches" (one entry per email). */
export const launchSignupSchema = z.object({ email, language });
export type LaunchSignupInput = z.infer<typeof launchSignupSchema>;

// ---- plans and the plan checkout -------------------------------------------------------------

/** POST /api/public/plan-intents: the plan chosen on /payment. A paid plan needs a card that
 *  passes the shop's checks; nothing is charged and only the card's brand and last four digits
 *  are kept. The free plan takes no card. */
export const planIntentSchema = z
  .object({
    plan: z.enum(PLAN_IDS, { error: 'Choose a plan.' }),
    billing: z.enum(BILLING_PERIODS, { error: 'Choose monthly or yearly billing.' }),
    seats: z
      .number({ error: 'Seats must be a number.' })
      .int('Seats must be a whole number.')
      .min(1, 'At least 1 seat.'),
    name: required('Name', 120),
    email,
    company: z.string().trim().max(120, 'Company is too long.').optional(),
    payment: paymentInputSchema.nullable(),
    language,
  })
  .superRefine((input, ctx) => {
    const plan = PLANS[input.plan];
    if (input.seats > plan.maxSeats)
      ctx.addIssue({
        code: 'custom',
        path: ['seats'],
        message: `This plan is for at most ${plan.maxSeats} users.`,
      });
    if (plan.monthly > 0 && !input.payment)
      ctx.addIssue({ code: 'custom', path: ['payment'], message: 'A card is required for this plan.' });
    if (plan.monthly === 0 && input.payment)
      ctx.addIssue({ code: 'custom', path: ['payment'], message: 'The free plan takes no card.' });
  });
export type PlanIntentInput = z.infer<typeof planIntentSchema>;

export interface PlanIntentReceipt {
  id: string;
  /** shown to the visitor: "PLN-7K3F9Q" */
  reference: string;
  plan: PlanId;
  billing: BillingPeriod;
  seats: number;
  /** US dollars per billing period; never charged */
  total: number;
  card: { brand: string; last4: string } | null;
  createdAt: string;
}

// ---- configuration -------------------------------------------------------------------------

/** GET /api/public/config: what the public pages show from the server's configuration. */
export interface PublicConfig {
  /** HELP_EMAIL: the address the support page tells people to write to */
  helpEmail: string;
  /** LAUNCH_AT: the moment /coming-soon counts down to (ISO 8601) */
  launchAt: string;
}
