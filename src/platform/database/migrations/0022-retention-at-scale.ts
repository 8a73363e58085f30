import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes the janitor's batched deletes find their rows through (docs/adr/0055), so that no batch scans a table:
 * - published outbox rows by when they were published (the pending ones, the relay's, have their own index);
 * - the daily visitor sets by day (their primary key leads with the workspace). A btree: days repeat, so
 *   deduplication keeps it small, and a BRIN range would widen for good once freed pages take new days.
 * `IF NOT EXISTS`: on a large database an operator builds them first with `CREATE INDEX CONCURRENTLY` under the
 * same names (docs/operations.md, "Retention"), and this migration then has nothing to build.
 */
export class Migration0022RetentionAtScale extends Migration {
  override up(): void {
    this.addSql(`
      CREATE INDEX IF NOT EXISTS outbox_processed_idx ON outbox (processed_at) WHERE processed_at IS NOT NULL;
      CREATE INDEX IF NOT EXISTS analytics_daily_visitors_day_idx ON analytics_daily_visitors (day);
    `);
  }
}
