import type { Plan } from './plan.js';

/** The monthly quota window: calendar months in UTC. */
export interface QuotaWindow {
  /** `YYYY-MM` */
  period: string;
  resetsAt: Date;
}

export function quotaWindow(now: Date): QuotaWindow {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return {
    period: `${y}-${String(m + 1).padStart(2, '0')}`,
    resetsAt: new Date(Date.UTC(y, m + 1, 1)),
  };
}

/** Whole seconds until the window resets (at least 1). */
export function secondsUntilReset(now: Date): number {
  return Math.max(1, Math.ceil((quotaWindow(now).resetsAt.getTime() - now.getTime()) / 1000));
}

/** Monthly units per plan; `null` means the plan has no quota (it has no API access at all). */
export function monthlyUnits(plan: Plan, units: { creatorUnits: number; proUnits: number }): number | null {
  switch (plan) {
    case 'creator':
      return units.creatorUnits;
    case 'pro':
      return units.proUnits;
    case 'free':
      return null;
  }
}
