import { Migration } from '@mikro-orm/migrations';

/**
 * A page's preview epoch (docs/adr/0062): how many times every preview link of the page was ended, by an archive or a
 * revocation (operation 24). A link carries the epoch it was issued under and opens only while the page still has it.
 * Adding a column with a constant default rewrites nothing (a catalog change; the same on a Citus cluster, where it is
 * propagated to the shards). Pages archived now start at 1: links issued before the upgrade count as epoch 0, so
 * those of a page archived today stay dead when it is published again, as they would have had it been archived after.
 */
export class Migration0028PagePreviewEpoch extends Migration {
  override up(): void {
    this.addSql(`
      ALTER TABLE pages ADD COLUMN preview_epoch integer NOT NULL DEFAULT 0;
      UPDATE pages SET preview_epoch = 1 WHERE status = 'ARCHIVED';
    `);
  }
}
