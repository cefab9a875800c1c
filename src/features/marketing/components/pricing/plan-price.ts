import { formatNumber } from '@/lib/i18n';

import { PLANS, type BillingPeriod, type PlanId } from '../../../../../server/contracts/plans';

/** US dollars in the reader's language ("$9", "7,50 $US"…); cents only when there are some. */
export const dollars = (value: number) =>
  formatNumber(value, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  });

/** What a plan costs per user and month, as shown on its card (yearly: the year's price / 12). */
export function monthlyEquivalent(plan: PlanId, billing: BillingPeriod): number {
  return billing === 'monthly' ? PLANS[plan].monthly : Math.round((PLANS[plan].yearly / 12) * 100) / 100;
}
