import { Migration } from '@mikro-orm/migrations';

/**
 * The due outbox rows of each workspace, in order (docs/adr/0097): the relay's fair lease finds every workspace with
 * rows to publish by skipping through this index, and leases each one's share of a batch from it, so that one
 * workspace's burst is not a queue that every other workspace's events wait behind. Published rows leave it (the mark
 * sets `processed_at`), so it holds the backlog only.
 */
export class Migration0032OutboxPendingByWorkspace extends Migration {
  override up(): void {
    this.addSql(`CREATE INDEX IF NOT EXISTS outbox_pending_ws_idx ON outbox (workspace_id, seq) WHERE processed_at IS NULL;`);
  }
}
