import { Migration } from '@mikro-orm/migrations';

/**
 * A page's own address (docs/adr/0042). `page_slugs` holds every slug that is spoken for, across all workspaces:
 * each page's current slug (`expires_at` NULL) and the slugs pages gave up, which answer a 301 to the page and stay
 * their workspace's until `expires_at`. Its primary key is what makes a slug one page's, race-free; `pages.slug`
 * stays the route the live site reads. Pages also get an avatar (an image file of their workspace).
 *
 * The live-page trigger now also weighs the avatar, and on a slug or status change names every slug of the page
 * (its redirects must follow it); a claim taken back or removed names its slug too.
 */
export class Migration0011PageSlugs extends Migration {
  override up(): void {
    this.addSql(`
      CREATE TABLE page_slugs (
        slug text PRIMARY KEY,
        workspace_id text NOT NULL,
        page_id text NOT NULL,
        expires_at timestamptz(3),
        CONSTRAINT page_slugs_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
      );
      CREATE INDEX page_slugs_page_idx ON page_slugs (page_id);
      CREATE INDEX page_slugs_expiry_idx ON page_slugs (expires_at) WHERE expires_at IS NOT NULL;
      INSERT INTO page_slugs (slug, workspace_id, page_id, expires_at) SELECT slug, workspace_id, id, NULL FROM pages;

      ALTER TABLE pages ADD COLUMN avatar_file_id text, ADD COLUMN avatar_path text;

      CREATE OR REPLACE FUNCTION pages_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('live_pages', OLD.slug);
        ELSIF (OLD.slug, OLD.status, OLD.title, OLD.description, OLD.locale, OLD.theme, OLD.live_updated_at, OLD.avatar_path)
              IS DISTINCT FROM (NEW.slug, NEW.status, NEW.title, NEW.description, NEW.locale, NEW.theme, NEW.live_updated_at,
                                NEW.avatar_path)
              OR OLD.live_blocks::text IS DISTINCT FROM NEW.live_blocks::text THEN
          PERFORM pg_notify('live_pages', OLD.slug);
          IF NEW.slug <> OLD.slug THEN PERFORM pg_notify('live_pages', NEW.slug); END IF;
          IF NEW.slug <> OLD.slug OR NEW.status <> OLD.status THEN
            PERFORM pg_notify('live_pages', s.slug) FROM page_slugs s WHERE s.page_id = NEW.id;
          END IF;
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION page_slugs_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('live_pages', OLD.slug);
        RETURN NULL;
      END $$;
      CREATE TRIGGER page_slugs_live_notify AFTER UPDATE OR DELETE ON page_slugs
        FOR EACH ROW EXECUTE FUNCTION page_slugs_live_notify();
    `);
  }
}
