import { Migration } from '@mikro-orm/migrations';

/**
 * The events a workspace can fetch (docs/adr/0065): every subscribable event's envelope is now stored, with or
 * without endpoints, and `published_at` says when it became visible (the relay transaction's time, `now()`). Rows
 * stored before take the migration's time (adding a column with a non-volatile default rewrites nothing: `now()` is
 * evaluated once). The index serves the newest-first list of one workspace and the stream's reads from an instant;
 * workspace_id leads it, as on every table sharded by workspace (docs/adr/0053).
 */
export class Migration0029EventList extends Migration {
  override up(): void {
    this.addSql(`
      ALTER TABLE webhook_messages ADD COLUMN published_at timestamptz(3) NOT NULL DEFAULT now();
      CREATE INDEX webhook_messages_published_idx ON webhook_messages (workspace_id, published_at DESC, event_id DESC);
    `);
  }
}
