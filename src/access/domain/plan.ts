export const PLANS = ['free', 'creator', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export type Entitlement = 'public_api';

const ENTITLEMENTS: Record<Plan, readonly Entitlement[]> = {
  free: [],
  creator: ['public_api'],
  pro: ['public_api'],
};

export const isPlan = (value: string): value is Plan => (PLANS as readonly string[]).includes(value);

export const planHas = (plan: Plan, entitlement: Entitlement): boolean => ENTITLEMENTS[plan].includes(entitlement);
