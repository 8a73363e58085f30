import { Migration } from '@mikro-orm/migrations';

/**
 * Erasable contacts (docs/adr/0044). An erased contact keeps its row as a tombstone, with no address and no name,
 * so that counts of captured contacts do not drop: `deleted_at` says when it was erased, and the check makes a live
 * contact keep its address and an erased one hold neither address nor name. The unique (workspace, page, source,
 * e-mail) key lets any number of tombstones be (NULLs are distinct), and the same person can sign up again.
 */
export class Migration0012ContactErasure extends Migration {
  override up(): void {
    this.addSql(`
      ALTER TABLE contacts ALTER COLUMN email DROP NOT NULL;
      ALTER TABLE contacts ADD COLUMN deleted_at timestamptz(3) NULL;
      ALTER TABLE contacts ADD CONSTRAINT contacts_erased_check CHECK (
        (deleted_at IS NULL AND email IS NOT NULL) OR (deleted_at IS NOT NULL AND email IS NULL AND name IS NULL)
      );
    `);
  }
}
