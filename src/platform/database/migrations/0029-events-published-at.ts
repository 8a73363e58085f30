import { Migration } from '@mikro-orm/migrations';

/** STAND-IN for i38-events' migration (to be replaced by theirs): when each envelope became visible. */
export class Migration0029EventsPublishedAt extends Migration {
  override up(): void {
    this.addSql(`
      ALTER TABLE webhook_messages ADD COLUMN published_at timestamptz(3) NOT NULL DEFAULT now();
      CREATE INDEX webhook_messages_published_idx ON webhook_messages (workspace_id, published_at DESC, event_id DESC);
    `);
  }
}
