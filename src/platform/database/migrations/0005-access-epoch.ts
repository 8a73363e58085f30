import { Migration } from '@mikro-orm/migrations';

/**
 * The access epoch: one counter that moves whenever an API key or a workspace is changed or removed.
 * API processes cache authenticated keys in memory and read the epoch in the statement that counts every
 * request against its burst limit, so a revoked key or a changed plan is seen by the next request
 * without a key lookup per request (docs/adr/0020).
 */
export class Migration0005AccessEpoch extends Migration {
  override up(): void {
    this.addSql(`
      CREATE TABLE access_epoch (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        epoch bigint NOT NULL
      );
      INSERT INTO access_epoch (singleton, epoch) VALUES (true, 0);

      CREATE FUNCTION bump_access_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE access_epoch SET epoch = epoch + 1;
        RETURN NULL;
      END $$;

      CREATE TRIGGER api_keys_access_epoch AFTER UPDATE OR DELETE OR TRUNCATE ON api_keys
        FOR EACH STATEMENT EXECUTE FUNCTION bump_access_epoch();
      CREATE TRIGGER workspaces_access_epoch AFTER UPDATE OR DELETE OR TRUNCATE ON workspaces
        FOR EACH STATEMENT EXECUTE FUNCTION bump_access_epoch();
    `);
  }
}
