import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics: raw view/click facts from the live pages, and the daily rollups the summary reads (so it stays
 * fast over months of traffic). Unique visitors are daily-salted hashes; no IP address is stored.
 * Contacts: one contact per (workspace, page, source, e-mail), so a repeated sign-up is not a duplicate.
 */
export class Migration0004Analytics extends Migration {
  override up(): void {
    this.addSql(`
      CREATE TABLE analytics_facts (
        id bigserial PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        page_id text NOT NULL,
        block_id text,
        kind text NOT NULL CHECK (kind IN ('VIEW', 'CLICK')),
        referrer text NOT NULL,
        visitor_hash text NOT NULL,
        occurred_at timestamptz(3) NOT NULL
      );
      CREATE INDEX analytics_facts_workspace_idx ON analytics_facts (workspace_id, occurred_at);

      CREATE TABLE analytics_daily_totals (
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        day date NOT NULL,
        views bigint NOT NULL DEFAULT 0,
        clicks bigint NOT NULL DEFAULT 0,
        unique_visitors bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (workspace_id, day)
      );
      CREATE TABLE analytics_daily_visitors (
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        day date NOT NULL,
        visitor_hash text NOT NULL,
        PRIMARY KEY (workspace_id, day, visitor_hash)
      );
      CREATE TABLE analytics_daily_links (
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        day date NOT NULL,
        block_id text NOT NULL,
        page_id text NOT NULL,
        label text NOT NULL,
        url text NOT NULL,
        clicks bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (workspace_id, day, block_id)
      );
      CREATE TABLE analytics_daily_referrers (
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        day date NOT NULL,
        referrer text NOT NULL,
        views bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (workspace_id, day, referrer)
      );

      CREATE UNIQUE INDEX contacts_once_per_page ON contacts (workspace_id, source_page_id, source, email) WHERE source_page_id IS NOT NULL;
      CREATE INDEX sales_tips_idx ON sales (workspace_id, created_at) WHERE kind = 'TIP';
    `);
  }
}
