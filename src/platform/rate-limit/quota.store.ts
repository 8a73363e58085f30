import { Injectable } from '@nestjs/common';
import { sql } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { rateLimits } from './rate-limit.tables.js';

/**
 * Monthly quota units per workspace, counted in PostgreSQL so every instance shares them. Consumption
 * is one conditional upsert: it never goes over the limit, even under concurrency, and a refused
 * request spends nothing.
 */
@Injectable()
export class QuotaStore {
  constructor(private readonly db: Sql) {}

  /** Spends `cost` units if they fit; returns the units used after the call and whether it was allowed. */
  async consume(workspaceId: string, period: string, limit: number, cost: number): Promise<{ allowed: boolean; used: number }> {
    if (cost > limit) return { allowed: false, used: await this.used(workspaceId, period) }; // spends nothing
    if (cost > 0) {
      // One conditional upsert: never over the limit, even under concurrency. VALUES, not INSERT … SELECT … WHERE: a
      // cluster sharded with Citus cannot run the latter with parameters (docs/adr/0053); a cost above the limit is
      // refused above, so a first use's insert is within it.
      const row = await this.db.one(
        rateLimits
          .insertInto('quota_usage')
          .values({ workspace_id: workspaceId, period, used: String(cost) })
          .onConflict((oc) =>
            oc
              .columns(['workspace_id', 'period'])
              .doUpdateSet((eb) => ({ used: sql<string>`${eb.ref('quota_usage.used')} + ${eb.ref('excluded.used')}` }))
              .where(sql<boolean>`quota_usage.used + excluded.used <= ${limit}::int`),
          )
          .returning('used'),
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
    await this.db.all(
      rateLimits
        .updateTable('quota_usage')
        .set({ used: sql<string>`GREATEST(used - ${cost}, 0)` })
        .where('workspace_id', '=', workspaceId)
        .where('period', '=', period),
    );
  }

  async used(workspaceId: string, period: string): Promise<number> {
    const row = await this.db.one(
      rateLimits.selectFrom('quota_usage').select('used').where('workspace_id', '=', workspaceId).where('period', '=', period),
    );
    return row ? Number(row.used) : 0;
  }
}
