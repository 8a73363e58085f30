import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from '../../../../platform/database/query-builder.js';
import { Sql } from '../../../../platform/database/sql.js';
import { commerce } from '../../../infrastructure/commerce.tables.js';
import { GetTipStatsQuery, type TipStatsView } from './get-tip-stats.query.js';

/** TIP sales created since the instant: count, gross, refunded, distinct fans, and the most used currency. */
@QueryHandler(GetTipStatsQuery)
export class GetTipStatsHandler implements IQueryHandler<GetTipStatsQuery, TipStatsView> {
  constructor(private readonly db: Sql) {}

  async execute(q: GetTipStatsQuery): Promise<TipStatsView> {
    const row = await this.db.one(
      commerce
        .selectFrom('sales')
        .select((eb) => [
          eb.fn.countAll<string>().as('count'),
          sql<string>`coalesce(sum(gross_amount_cents), 0)`.as('total'),
          eb.fn.count<string>('refunded_at').as('refunded'),
          eb.fn
            .count<string>(eb.fn('lower', ['customer_email']))
            .distinct()
            .as('fans'),
          sql<string | null>`mode() WITHIN GROUP (ORDER BY currency)`.as('currency'),
        ])
        .where('workspace_id', '=', q.workspaceId)
        // A literal, not a parameter, so that a generic plan of the prepared statement can use sales_tips_idx (WHERE kind = 'TIP').
        .where('kind', '=', sql.lit('TIP'))
        .where('created_at', '>=', q.since),
    );
    return {
      count: Number(row?.count ?? 0),
      total_gross_cents: Number(row?.total ?? 0),
      refunded_count: Number(row?.refunded ?? 0),
      unique_fans: Number(row?.fans ?? 0),
      currency: row?.currency ?? null,
    };
  }
}
