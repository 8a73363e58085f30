/** A limit as reported in the IETF draft-11 `RateLimit-Policy` / `RateLimit` structured fields. */
export interface LimitState {
  name: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

export function rateLimitHeaders(limits: LimitState[]): Record<string, string> {
  if (limits.length === 0) return {};
  return {
    'ratelimit-policy': limits.map((l) => `"${l.name}";q=${l.quota};w=${l.windowSeconds}`).join(', '),
    ratelimit: limits.map((l) => `"${l.name}";r=${Math.max(0, l.remaining)};t=${Math.max(0, l.resetSeconds)}`).join(', '),
  };
}

/** The monthly window as advertised in `RateLimit-Policy` (30 days; the real reset is the calendar month). */
export const MONTHLY_WINDOW_SECONDS = 2_592_000;
