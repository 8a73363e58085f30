/**
 * A custom domain's life (decisions.md, "Custom domains"): a workspace claims a hostname for one of its pages and
 * proves it owns the name with a TXT record `_bio-page.<hostname>` = `bio-page-verify=<token>`.
 *
 * - **pending**: not served. Checked 1 minute after the claim, then with back-off (doubling, at most 1 hour
 *   apart) until the record appears (**verified**) or 7 days pass (**failed**).
 * - **verified**: served. Checked daily; a check that misses the record starts a grace period, one that finds it
 *   ends it. After 3 days without the record the domain is **pending** again (not served), with a new 7-day window.
 * - **failed**: not served, not checked. `verify` (the API's check-now) still moves it to verified when the record is
 *   there.
 *
 * The API's check-now (`manual`) that misses the record changes no schedule: a client that asks again and again
 * does not push the next automatic check further away.
 *
 * Nothing here reads a clock or the DNS: each check's outcome and its instant come in.
 */

export type DomainStatus = 'pending' | 'verified' | 'failed';

export const VERIFICATION = {
  /** how long a pending domain is checked before it fails */
  windowMs: 7 * 24 * 3600_000,
  firstCheckMs: 60_000,
  maxBackoffMs: 3600_000,
  verifiedCheckMs: 24 * 3600_000,
  /** how long a verified domain keeps being served without its record */
  graceMs: 3 * 24 * 3600_000,
} as const;

export interface CustomDomainState {
  id: string;
  workspaceId: string;
  hostname: string;
  pageId: string;
  /** the TXT record's value is `bio-page-verify=<token>` */
  token: string;
  status: DomainStatus;
  createdAt: Date;
  /** when the current pending window began (the claim, or the loss of a verified record) */
  pendingSince: Date | null;
  verifiedAt: Date | null;
  /** a verified domain's first check without its record since the last one that found it */
  missingSince: Date | null;
  /** checks since the pending window began: the back-off's exponent */
  checks: number;
  lastCheckedAt: Date | null;
  /** when the checker looks next; null when it does not (failed) */
  nextCheckAt: Date | null;
}

/** What a check changed that others hear of (`domain.verified`, `domain.verification_failed`). */
export type DomainEvent =
  | { type: 'DomainVerified'; domainId: string; hostname: string; at: Date }
  | { type: 'DomainVerificationFailed'; domainId: string; hostname: string; at: Date; reason: 'window_expired' | 'record_removed' };

/** Custom domains a workspace may hold, by plan (decisions.md: free 0, pro 3; creator 1, docs/adr/0094). */
export const DOMAIN_LIMITS: Readonly<Record<string, number>> = { free: 0, creator: 1, pro: 3 };
export const domainLimit = (plan: string): number => DOMAIN_LIMITS[plan] ?? 0;

export const TXT_PREFIX = 'bio-page-verify=';
export const recordName = (hostname: string) => `_bio-page.${hostname}`;

/** A new claim: pending, first checked a minute later. */
export function claimDomain(input: {
  id: string;
  workspaceId: string;
  hostname: string;
  pageId: string;
  token: string;
  now: Date;
}): CustomDomainState {
  return {
    id: input.id,
    workspaceId: input.workspaceId,
    hostname: input.hostname,
    pageId: input.pageId,
    token: input.token,
    status: 'pending',
    createdAt: input.now,
    pendingSince: input.now,
    verifiedAt: null,
    missingSince: null,
    checks: 0,
    lastCheckedAt: null,
    nextCheckAt: new Date(input.now.getTime() + VERIFICATION.firstCheckMs),
  };
}

/** Whether the TXT records read at `_bio-page.<hostname>` hold this domain's proof (each record's strings joined). */
export const proves = (s: CustomDomainState, records: readonly string[]): boolean =>
  records.some((r) => r.trim() === `${TXT_PREFIX}${s.token}`);

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
const backoff = (checks: number) => Math.min(VERIFICATION.maxBackoffMs, VERIFICATION.firstCheckMs * 2 ** Math.min(checks, 20));

/**
 * The domain after a check at `now` that found (`found`) or missed its record; `manual` for the API's check-now,
 * the one check a failed domain still takes. Returns the new state and the events of the change.
 */
export function recordCheck(
  s: CustomDomainState,
  found: boolean,
  now: Date,
  manual = false,
): { state: CustomDomainState; events: DomainEvent[] } {
  const checked = { ...s, lastCheckedAt: now };
  const verified = (): { state: CustomDomainState; events: DomainEvent[] } => ({
    state: {
      ...checked,
      status: 'verified',
      verifiedAt: s.status === 'verified' ? s.verifiedAt : now,
      missingSince: null,
      pendingSince: null,
      checks: 0,
      nextCheckAt: later(now, VERIFICATION.verifiedCheckMs),
    },
    events: s.status === 'verified' ? [] : [{ type: 'DomainVerified', domainId: s.id, hostname: s.hostname, at: now }],
  });
  if (s.status === 'failed') return manual && found ? verified() : { state: checked, events: [] };
  if (found) return verified();
  if (s.status === 'verified') {
    const missingSince = s.missingSince ?? now;
    if (now.getTime() - missingSince.getTime() < VERIFICATION.graceMs)
      return {
        state: {
          ...checked,
          missingSince,
          nextCheckAt: later(now, Math.min(VERIFICATION.verifiedCheckMs, VERIFICATION.graceMs - (now.getTime() - missingSince.getTime()))),
        },
        events: [],
      };
    return {
      state: {
        ...checked,
        status: 'pending',
        verifiedAt: null,
        missingSince: null,
        pendingSince: now,
        checks: 0,
        nextCheckAt: later(now, VERIFICATION.firstCheckMs),
      },
      events: [{ type: 'DomainVerificationFailed', domainId: s.id, hostname: s.hostname, at: now, reason: 'record_removed' }],
    };
  }
  // pending
  const since = (s.pendingSince ?? s.createdAt).getTime();
  if (now.getTime() - since >= VERIFICATION.windowMs)
    return {
      state: { ...checked, status: 'failed', nextCheckAt: null },
      events: [{ type: 'DomainVerificationFailed', domainId: s.id, hostname: s.hostname, at: now, reason: 'window_expired' }],
    };
  if (manual) return { state: checked, events: [] };
  const checks = s.checks + 1;
  const next = Math.min(now.getTime() + backoff(checks), since + VERIFICATION.windowMs);
  return { state: { ...checked, checks, nextCheckAt: new Date(next) }, events: [] };
}

/** Whether the live site serves the domain's page on its hostname. */
export const isServed = (s: CustomDomainState): boolean => s.status === 'verified';
