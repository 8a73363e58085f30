import { Migration } from '@mikro-orm/migrations';

/**
 * The access epoch (0005) moved on every statement that touched `api_keys` or `workspaces`, creations
 * included (an `INSERT … ON CONFLICT DO UPDATE` fires statement-level UPDATE triggers even when it only
 * inserts), emptying every process's key cache each time a key or workspace was created. It now moves
 * only when a row really changes or goes, and at commit (a deferred constraint trigger), so the epoch row
 * is locked for the commit alone rather than for the rest of the writing transaction.
 */
export class Migration0008AccessEpochOnChanges extends Migration {
  override up(): void {
    this.addSql(`
      DROP TRIGGER api_keys_access_epoch ON api_keys;
      DROP TRIGGER workspaces_access_epoch ON workspaces;

      CREATE CONSTRAINT TRIGGER api_keys_access_epoch_update AFTER UPDATE ON api_keys
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_access_epoch();
      CREATE CONSTRAINT TRIGGER api_keys_access_epoch_delete AFTER DELETE ON api_keys
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_epoch();
      CREATE TRIGGER api_keys_access_epoch_truncate AFTER TRUNCATE ON api_keys
        FOR EACH STATEMENT EXECUTE FUNCTION bump_access_epoch();

      CREATE CONSTRAINT TRIGGER workspaces_access_epoch_update AFTER UPDATE ON workspaces
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_access_epoch();
      CREATE CONSTRAINT TRIGGER workspaces_access_epoch_delete AFTER DELETE ON workspaces
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_epoch();
      CREATE TRIGGER workspaces_access_epoch_truncate AFTER TRUNCATE ON workspaces
        FOR EACH STATEMENT EXECUTE FUNCTION bump_access_epoch();
    `);
  }
}
