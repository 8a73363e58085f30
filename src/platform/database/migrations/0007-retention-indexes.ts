import { Migration } from '@mikro-orm/migrations';

/** Indexes the janitor's retention deletes use (docs/adr/0021). */
export class Migration0007RetentionIndexes extends Migration {
  override up(): void {
    this.addSql(`
      CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (created_at) WHERE status <> 'PENDING';
      CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
      CREATE INDEX webhook_messages_created_idx ON webhook_messages (created_at);
      CREATE INDEX analytics_facts_occurred_idx ON analytics_facts USING brin (occurred_at);
    `);
  }
}
