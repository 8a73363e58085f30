import { Migration } from '@mikro-orm/migrations';

/** Pages: draft and live snapshots, the concurrency stamp, the route (slug) and the publish schedule. */
export class Migration0002Pages extends Migration {
  override up(): void {
    this.addSql(`
      CREATE TABLE pages (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        slug text NOT NULL,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
        locale text NOT NULL,
        theme text NOT NULL,
        draft_blocks jsonb NOT NULL,
        draft_updated_at timestamptz(3) NOT NULL,
        live_blocks jsonb,
        live_updated_at timestamptz(3),
        scheduled_publish_at timestamptz(3),
        created_at timestamptz(3) NOT NULL,
        CONSTRAINT pages_slug_unique UNIQUE (slug)
      );
      CREATE INDEX pages_list_idx ON pages (workspace_id, draft_updated_at DESC, id DESC);
      CREATE INDEX pages_schedule_idx ON pages (scheduled_publish_at) WHERE scheduled_publish_at IS NOT NULL;
    `);
  }
}
