import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { schemaDifference } from '../../../src/platform/database/schema-check.js';
import { FileTable } from '../../../src/files/infrastructure/files.tables.js';
import { tables } from '../../../src/tables.js';
import { createTestDatabase } from '../../support/test-app.js';

/**
 * The table definitions of every context (docs/adr/0027) and the schema the migrations produce never drift
 * apart: a definition change needs a migration, and a migration needs the definition change.
 */
describe('table definitions and migrations', () => {
  let db: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('describe exactly the schema the migrations produce', async () => {
    expect(await schemaDifference(db.url, tables)).toBe('');
  });

  it('notice a table the definitions do not know', async () => {
    const difference = await schemaDifference(
      db.url,
      tables.filter((t) => t !== FileTable),
    );
    expect(difference).toContain('drop table if exists "files"');
  });

  it('notice a column, an index and a trigger the migrations changed behind the definitions', async () => {
    const drifted = await createTestDatabase();
    const client = new pg.Client({ connectionString: drifted.url });
    await client.connect();
    try {
      await client.query(`ALTER TABLE pages ALTER COLUMN locale DROP NOT NULL;
        ALTER TABLE contacts ADD COLUMN phone text;
        DROP INDEX files_page_idx;
        DROP TRIGGER webhook_delivery_events_no_update ON webhook_delivery_events`);
      const difference = await schemaDifference(drifted.url, tables);
      expect(difference).toContain('alter table "pages" alter column "locale" set not null');
      expect(difference).toContain('alter table "contacts" drop column "phone"');
      expect(difference).toContain('CREATE INDEX files_page_idx');
      expect(difference).toContain('CREATE TRIGGER webhook_delivery_events_no_update');
    } finally {
      await client.end();
      await drifted.drop();
    }
  });
});
