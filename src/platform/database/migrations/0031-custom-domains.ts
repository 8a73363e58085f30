import { Migration } from '@mikro-orm/migrations';

/**
 * Custom domains (docs/adr/0094): a workspace's claimed hostnames, their proof token and their checks. One verified
 * row per hostname across workspaces; the checker finds due rows by `next_check_at`.
 */
export class Migration0031CustomDomains extends Migration {
  override up(): void {
    this.addSql(`
      CREATE TABLE custom_domains (
        workspace_id text NOT NULL, id text NOT NULL, hostname text NOT NULL, page_id text NOT NULL, token text NOT NULL,
        status text NOT NULL, created_at timestamptz(3) NOT NULL, pending_since timestamptz(3) NULL,
        verified_at timestamptz(3) NULL, missing_since timestamptz(3) NULL, checks int NOT NULL DEFAULT 0,
        last_checked_at timestamptz(3) NULL, next_check_at timestamptz(3) NULL, version int NOT NULL DEFAULT 0,
        PRIMARY KEY (workspace_id, id)
      );
      CREATE INDEX custom_domains_list_idx ON custom_domains (workspace_id, created_at DESC, id DESC);
      CREATE INDEX custom_domains_due_idx ON custom_domains (next_check_at) WHERE next_check_at IS NOT NULL;
      ALTER TABLE custom_domains ADD CONSTRAINT custom_domains_workspace_hostname UNIQUE (workspace_id, hostname);
      CREATE UNIQUE INDEX custom_domains_verified_hostname ON custom_domains (hostname) WHERE status = 'verified';
      ALTER TABLE custom_domains ADD CONSTRAINT custom_domains_workspace_id_fkey
        FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;
      ALTER TABLE custom_domains ADD CONSTRAINT custom_domains_status_check CHECK (status IN ('pending', 'verified', 'failed'));
    `);
  }

  // Down, for reference (migrations only go forward here):
  // drop table if exists "custom_domains" cascade;
}
