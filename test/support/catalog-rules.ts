import pg from 'pg';
import { DISTRIBUTION_COLUMN, type TableClass } from './table-classes.js';

/**
 * Reads the catalog of the database at `url` and lists every way its tables break the rules of their class
 * (docs/adr/0053); empty when the schema could be distributed by workspace with Citus as it is.
 */
export async function catalogViolations(url: string, classes: Readonly<Record<string, TableClass>>): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const violations: string[] = [];
    const tables = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
    );
    const present = new Set(tables.rows.map((r) => r.name));
    for (const name of present) if (!classes[name]) violations.push(`${name}: not classified (workspace, reference or local)`);
    for (const name of Object.keys(classes)) if (!present.has(name)) violations.push(`${name}: classified but absent`);
    const classOf = (t: string): TableClass | undefined => classes[t];

    // workspace_id: present and NOT NULL on every workspace table.
    const columns = await client.query<{ table: string; nullable: boolean }>(
      `SELECT c.relname AS table, NOT a.attnotnull AS nullable FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND a.attname = $1 AND NOT a.attisdropped`,
      [DISTRIBUTION_COLUMN],
    );
    const carrying = new Map(columns.rows.map((r) => [r.table, r.nullable]));
    for (const name of present) {
      if (classOf(name) !== 'workspace') continue;
      if (!carrying.has(name)) violations.push(`${name}: no ${DISTRIBUTION_COLUMN} column`);
      else if (carrying.get(name)) violations.push(`${name}: ${DISTRIBUTION_COLUMN} may be null`);
    }

    // The primary key and every unique index (partial ones included) lead with workspace_id.
    const uniques = await client.query<{ table: string; index: string; primary: boolean; first: string | null }>(
      `SELECT c.relname AS table, i.relname AS index, x.indisprimary AS primary, a.attname AS first
       FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = x.indkey[0]
       WHERE n.nspname = 'public' AND x.indisunique`,
    );
    const withPrimaryKey = new Set<string>();
    for (const u of uniques.rows) {
      if (u.primary) withPrimaryKey.add(u.table);
      if (classOf(u.table) === 'workspace' && u.first !== DISTRIBUTION_COLUMN)
        violations.push(`${u.table}: ${u.primary ? 'primary key' : 'unique index'} ${u.index} does not lead with ${DISTRIBUTION_COLUMN}`);
    }
    for (const name of present) if (classOf(name) === 'workspace' && !withPrimaryKey.has(name)) violations.push(`${name}: no primary key`);

    // Foreign keys: between workspace tables they pair workspace_id with workspace_id; a reference or local table
    // references only reference tables (a reference table cannot point into one shard).
    const foreignKeys = await client.query<{ name: string; child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(
      `SELECT con.conname AS name, c.relname AS child, p.relname AS parent,
         array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, o)
               JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.o) AS child_cols,
         array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, o)
               JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.o) AS parent_cols
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class p ON p.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND con.contype = 'f'`,
    );
    for (const fk of foreignKeys.rows) {
      const [child, parent] = [classOf(fk.child), classOf(fk.parent)];
      if (child === 'workspace' && parent === 'workspace') {
        const at = fk.child_cols.indexOf(DISTRIBUTION_COLUMN);
        if (at < 0 || fk.parent_cols[at] !== DISTRIBUTION_COLUMN)
          violations.push(
            `${fk.child}: foreign key ${fk.name} to ${fk.parent} does not pair ${DISTRIBUTION_COLUMN} with ${DISTRIBUTION_COLUMN}`,
          );
      } else if (child !== 'workspace' && parent !== 'reference') {
        violations.push(`${fk.child}: foreign key ${fk.name} from a ${child ?? 'unclassified'} table to a ${parent ?? 'unclassified'} one`);
      } else if (child === 'workspace' && parent === 'local') {
        violations.push(`${fk.child}: foreign key ${fk.name} to the local table ${fk.parent}`);
      }
    }

    // No trigger of a distributed or reference table notifies: it would run on a worker, where nobody listens.
    const notifying = await client.query<{ table: string; trigger: string }>(
      `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_proc f ON f.oid = t.tgfoid
       WHERE n.nspname = 'public' AND NOT t.tgisinternal AND f.prosrc ~* 'pg_notify|\\mnotify\\M'`,
    );
    for (const t of notifying.rows)
      if (classOf(t.table) !== 'local') violations.push(`${t.table}: trigger ${t.trigger} notifies (the application must)`);
    return violations;
  } finally {
    await client.end();
  }
}
