import { MikroORM, type EntitySchema } from '@mikro-orm/postgresql';
import { ormOptions } from './orm.js';

/**
 * The statements that would turn the schema of `clientUrl` (as the migrations left it) into the one the table
 * definitions describe: empty when they agree (docs/adr/0027). Tables the definitions do not know count too.
 */
export async function schemaDifference(clientUrl: string, tables: readonly EntitySchema[]): Promise<string> {
  const orm = await MikroORM.init({ ...ormOptions(clientUrl, 2), entities: [...tables] });
  try {
    const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
    return sql.trim();
  } finally {
    await orm.close(true);
  }
}
