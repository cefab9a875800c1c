// The plan checkout form's values and how they become the server's input: a paid plan sends
// its card, the free plan none (server/contracts/public.ts planIntentSchema decides).
import { currentLanguage } from '@/lib/i18n';

import { isPlanId, PLANS, type BillingPeriod, type PlanId } from '../../../../../server/contracts/plans';
import type { PlanIntentInput } from '../../../../../server/contracts/public';

export interface PlanCheckoutValues {
  plan: PlanId;
  billing: BillingPeriod;
  seats: number | string;
  name: string;
  email: string;
  company: string;
  payment: { holder: string; number: string; expiry: string; cvc: string };
}

export function initialCheckout(search: string): PlanCheckoutValues {
  const params = new URLSearchParams(search);
  const plan = params.get('plan');
  const chosen: PlanId = isPlanId(plan) ? plan : 'team';
  return {
    plan: chosen,
    billing: params.get('billing') === 'yearly' ? 'yearly' : 'monthly',
    seats: Math.min(5, PLANS[chosen].maxSeats),
    name: '',
    email: '',
    company: '',
    payment: { holder: '', number: '', expiry: '', cvc: '' },
  };
}

export const isPaid = (plan: PlanId) => PLANS[plan].monthly > 0;

export function toPlanIntent(values: PlanCheckoutValues): PlanIntentInput {
  return {
    plan: values.plan,
    billing: values.billing,
    seats: typeof values.seats === 'number' ? values.seats : Number.NaN,
    name: values.name,
    email: values.email,
    company: values.company.trim() || undefined,
    payment: isPaid(values.plan) ? values.payment : null,
    language: currentLanguage(),
  };
}

/** Labels of the fields, for messages that name them. */
export const CHECKOUT_LABELS = {
  seats: 'marketing.payment.seats',
  name: 'marketing.payment.name',
  email: 'marketing.payment.email',
  company: 'marketing.payment.company',
  'payment.holder': 'common.card.holder',
  'payment.number': 'common.card.number',
  'payment.expiry': 'common.card.expiry',
  'payment.cvc': 'common.card.cvc',
};
