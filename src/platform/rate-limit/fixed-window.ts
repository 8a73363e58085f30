/** One request's verdict under a fixed-window burst limit. */
export interface BurstDecision {
  allowed: boolean;
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** whole seconds until the window resets */
  resetSeconds: number;
}

/**
 * Splits one counter update among the requests that made it. `n` requests of one key were counted in a
 * single statement that left the window's counter at `total`; they took the places total-n+1 … total,
 * in arrival order, and each is allowed when its place is within `limit` (a refused request still
 * counts, as in any fixed window). `msLeft` is the time until the window ends.
 */
export function shareWindow(total: number, n: number, limit: number, windowSeconds: number, msLeft: number): BurstDecision[] {
  const decisions: BurstDecision[] = [];
  for (let i = 1; i <= n; i++) {
    const place = total - n + i;
    const allowed = place <= limit;
    decisions.push({
      allowed,
      limit,
      windowSeconds,
      remaining: Math.max(0, limit - place),
      resetSeconds: Math.max(allowed ? 0 : 1, Math.ceil(Math.max(0, msLeft) / 1000)),
    });
  }
  return decisions;
}
