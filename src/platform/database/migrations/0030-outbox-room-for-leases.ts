import { Migration } from '@mikro-orm/migrations';

/**
 * Room on each outbox page for its rows' leases (docs/adr/0079): a relay's claim rewrites `available_at`, `attempts`
 * and `last_error`, none of them indexed, so with free space on the row's page PostgreSQL writes the new version
 * there (a HOT update) and adds no entry to the primary key or `outbox_pending_idx`. Rows are inserted in bursts that
 * filled every page, so each lease was a new version elsewhere with two new index entries. A fill factor of 50 leaves
 * half of each page free for the leases of the rows on it; the table holds at most a week of rows (the relay's purge).
 * Pages written before keep their layout.
 */
export class Migration0030OutboxRoomForLeases extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE outbox SET (fillfactor = 50);`);
  }
}
