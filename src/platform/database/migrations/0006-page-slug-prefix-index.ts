import { Migration } from '@mikro-orm/migrations';

/** Lets the slug-suffix search (`slug LIKE 'base%-%'`) use an index instead of reading every page. */
export class Migration0006PageSlugPrefixIndex extends Migration {
  override up(): void {
    this.addSql(`CREATE INDEX pages_slug_prefix_idx ON pages (slug text_pattern_ops);`);
  }
}
