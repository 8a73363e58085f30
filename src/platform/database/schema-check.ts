import { MikroORM, type EntitySchema } from '@mikro-orm/postgresql';
import { ormOptions } from './orm.js';

async function withSchemaTools<T>(clientUrl: string, tables: readonly EntitySchema[], use: (orm: MikroORM) => Promise<T>): Promise<T> {
  const orm = await MikroORM.init({ ...ormOptions(clientUrl, 2), entities: [...tables] });
  try {
    return await use(orm);
  } finally {
    await orm.close(true);
  }
}

/**
 * The statements that would turn the schema of `clientUrl` (as the migrations left it) into the one the table
 * definitions describe: empty when they agree (docs/adr/0027). Tables the definitions do not know count too.
 */
export function schemaDifference(clientUrl: string, tables: readonly EntitySchema[]): Promise<string> {
  return withSchemaTools(clientUrl, tables, async (orm) =>
    (await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true })).trim(),
  );
}

/** The same difference as a migration's up and down statements, for a new migration to start from. */
export function schemaMigration(clientUrl: string, tables: readonly EntitySchema[]): Promise<{ up: string; down: string }> {
  return withSchemaTools(clientUrl, tables, async (orm) => {
    const { up, down } = await orm.schema.getUpdateSchemaMigrationSQL({ wrap: false, safe: false, dropTables: true });
    return { up: up.trim(), down: down.trim() };
  });
}
