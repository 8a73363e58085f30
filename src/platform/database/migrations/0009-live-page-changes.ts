import { Migration } from '@mikro-orm/migrations';

/**
 * Every process keeps the rendered live pages in memory (docs/adr/0030). A change that alters what a slug
 * shows notifies `live_pages` with the slug, at commit, so every process drops that entry at once:
 * publish (live blocks and stamp), archive (status), title, description, locale or theme, a new slug (both
 * the old and the new one: the new may be cached as a miss), and a deleted page. Draft edits notify nothing.
 */
export class Migration0009LivePageChanges extends Migration {
  override up(): void {
    this.addSql(`
      CREATE FUNCTION pages_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('live_pages', OLD.slug);
        ELSIF (OLD.slug, OLD.status, OLD.title, OLD.description, OLD.locale, OLD.theme, OLD.live_updated_at)
              IS DISTINCT FROM (NEW.slug, NEW.status, NEW.title, NEW.description, NEW.locale, NEW.theme, NEW.live_updated_at)
              OR OLD.live_blocks::text IS DISTINCT FROM NEW.live_blocks::text THEN
          PERFORM pg_notify('live_pages', OLD.slug);
          IF NEW.slug <> OLD.slug THEN PERFORM pg_notify('live_pages', NEW.slug); END IF;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER pages_live_notify AFTER UPDATE OR DELETE ON pages
        FOR EACH ROW EXECUTE FUNCTION pages_live_notify();
    `);
  }
}
