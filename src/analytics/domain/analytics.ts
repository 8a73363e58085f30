export const RANGE_DAYS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];
export const DIRECT = 'Direct';

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first UTC day a summary of `days` days covers, today included. */
export function rangeStartDay(now: Date, days: RangeDays): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * 86_400_000);
  return dayOf(start);
}

/**
 * A referrer reduced to its host (lower-case, without `www.`), or "Direct" when there is none, it is not
 * an http(s) URL, or it is the site itself (moving between our own pages is not a referral).
 */
export function referrerLabel(referer: string | undefined, ownHosts: readonly string[]): string {
  if (!referer) return DIRECT;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return DIRECT;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return DIRECT;
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  if (!host || ownHosts.some((h) => h.toLowerCase().replace(/^www\./, '') === host)) return DIRECT;
  return host.length > 253 ? host.slice(0, 253) : host;
}

/** clicks / views × 100, rounded to 2 decimals; 0 when there are no views. */
export function ctrPercent(views: number, clicks: number): number {
  if (views <= 0) return 0;
  return Math.round((clicks / views) * 100 * 100) / 100;
}
