import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql.js';

/**
 * Monthly quota units per workspace, counted in PostgreSQL so every instance shares them. Consumption
 * is one conditional upsert: it never goes over the limit, even under concurrency, and a refused
 * request spends nothing.
 */
@Injectable()
export class QuotaStore {
  constructor(private readonly sql: Sql) {}

  /** Spends `cost` units if they fit; returns the units used after the call and whether it was allowed. */
  async consume(workspaceId: string, period: string, limit: number, cost: number): Promise<{ allowed: boolean; used: number }> {
    if (cost > 0) {
      const row = await this.sql.one<{ used: string }>(
        `INSERT INTO quota_usage (workspace_id, period, used) SELECT ?, ?, ?::int WHERE ?::int <= ?::int
         ON CONFLICT (workspace_id, period) DO UPDATE SET used = quota_usage.used + EXCLUDED.used
           WHERE quota_usage.used + EXCLUDED.used <= ?
         RETURNING used`,
        [workspaceId, period, cost, cost, limit, limit],
      );
      if (row) return { allowed: true, used: Number(row.used) };
      return { allowed: false, used: await this.used(workspaceId, period) };
    }
    const used = await this.used(workspaceId, period);
    return { allowed: true, used };
  }

  /** Gives units back (the operation failed on the server's side). */
  async refund(workspaceId: string, period: string, cost: number): Promise<void> {
    if (cost <= 0) return;
    await this.sql.all(`UPDATE quota_usage SET used = GREATEST(used - ?, 0) WHERE workspace_id = ? AND period = ?`, [
      cost,
      workspaceId,
      period,
    ]);
  }

  async used(workspaceId: string, period: string): Promise<number> {
    const row = await this.sql.one<{ used: string }>(`SELECT used FROM quota_usage WHERE workspace_id = ? AND period = ?`, [
      workspaceId,
      period,
    ]);
    return row ? Number(row.used) : 0;
  }
}
