// The plans of /pricing and /payment, with no dependency: the pricing page imports them without
// pulling zod into its code (the checkout's schema is ./public.ts).
export const PLAN_IDS = ['free', 'team', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface Plan {
  id: PlanId;
  /** US dollars per user and month, billed monthly */
  monthly: number;
  /** US dollars per user and year, billed yearly (two months free) */
  yearly: number;
  maxSeats: number;
}

export const PLANS: Record<PlanId, Plan> = {
  free: { id: 'free', monthly: 0, yearly: 0, maxSeats: 5 },
  team: { id: 'team', monthly: 9, yearly: 90, maxSeats: 50 },
  business: { id: 'business', monthly: 19, yearly: 190, maxSeats: 500 },
};

export const isPlanId = (value: unknown): value is PlanId =>
  typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

/** What one billing period costs for `seats` users, in US dollars. */
export function planTotal(plan: PlanId, billing: BillingPeriod, seats: number): number {
  return PLANS[plan][billing] * seats;
}
