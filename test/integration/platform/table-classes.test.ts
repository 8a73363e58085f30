import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { catalogViolations } from '../../support/catalog-rules.js';
import { tableClasses } from '../../support/table-classes.js';
import { createTestDatabase } from '../../support/test-app.js';

/**
 * Ready for Citus (decisions.md "Many processes, then many machines", docs/adr/0053): every table has a class, and
 * the catalog of the migrated schema keeps each table to it: a workspace table leads its primary key and every
 * unique index with workspace_id and pairs it in its foreign keys to other workspace tables; a reference table
 * points only at reference tables; no trigger notifies.
 */
describe('table classes', () => {
  let db: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('hold for every table the migrations create', async () => {
    expect(await catalogViolations(db.url, tableClasses)).toEqual([]);
  });

  it('fail for a table that breaks its class, or has none', async () => {
    const broken = await createTestDatabase();
    const client = new pg.Client({ connectionString: broken.url });
    await client.connect();
    try {
      await client.query(`
        CREATE TABLE stickers (id text PRIMARY KEY, workspace_id text NOT NULL, code text NOT NULL UNIQUE);
        CREATE TABLE sticker_uses (
          workspace_id text NOT NULL, sticker_id text NOT NULL REFERENCES stickers (id), page_id text NOT NULL,
          PRIMARY KEY (workspace_id, sticker_id)
        );
        CREATE TABLE unclassified (id text PRIMARY KEY);
        CREATE FUNCTION stickers_notify() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN PERFORM pg_notify('stickers', ''); RETURN NULL; END $$;
        CREATE TRIGGER stickers_notify AFTER INSERT ON stickers FOR EACH STATEMENT EXECUTE FUNCTION stickers_notify();
        ALTER TABLE page_slugs ADD COLUMN sticker_id text REFERENCES stickers (id);
      `);
      const violations = await catalogViolations(broken.url, { ...tableClasses, stickers: 'workspace', sticker_uses: 'workspace' });
      expect(violations).toEqual(
        expect.arrayContaining([
          'unclassified: not classified (workspace, reference or local)',
          'stickers: primary key stickers_pkey does not lead with workspace_id',
          'stickers: unique index stickers_code_key does not lead with workspace_id',
          'sticker_uses: foreign key sticker_uses_sticker_id_fkey to stickers does not pair workspace_id with workspace_id',
          'page_slugs: foreign key page_slugs_sticker_id_fkey from a reference table to a workspace one',
          'stickers: trigger stickers_notify notifies (the application must)',
        ]),
      );
      expect(violations).toHaveLength(6);
      await client.query(`CREATE TABLE stamps (workspace_id text, id text)`);
      expect(
        await catalogViolations(broken.url, { ...tableClasses, stickers: 'workspace', sticker_uses: 'workspace', stamps: 'workspace' }),
      ).toEqual(expect.arrayContaining(['stamps: workspace_id may be null', 'stamps: no primary key']));
    } finally {
      await client.end();
      await broken.drop();
    }
  });
});
