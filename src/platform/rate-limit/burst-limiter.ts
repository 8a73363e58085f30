import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from 'pg';

export interface BurstDecision {
  allowed: boolean;
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** seconds until the window resets */
  resetSeconds: number;
}

/**
 * Per-API-key burst limit (fixed window) on rate-limiter-flexible's PostgreSQL store, so all API
 * instances share one count. The table is created by our migrations.
 */
export class BurstLimiter {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    pool: Pool,
    readonly limit: number,
    readonly windowSeconds: number,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'burst',
      points: limit,
      duration: windowSeconds,
      clearExpiredByTimeout: false,
    });
  }

  async consume(key: string): Promise<BurstDecision> {
    try {
      const res = await this.limiter.consume(key, 1);
      return this.decision(true, res);
    } catch (err) {
      if (err instanceof RateLimiterRes) return this.decision(false, err);
      throw err;
    }
  }

  private decision(allowed: boolean, res: RateLimiterRes): BurstDecision {
    return {
      allowed,
      limit: this.limit,
      windowSeconds: this.windowSeconds,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(allowed ? 0 : 1, Math.ceil(res.msBeforeNext / 1000)),
    };
  }
}
