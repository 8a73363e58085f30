import { sql } from './query-builder.js';
import type { Sql } from './sql.js';

/**
 * The one way to serialise work on a name: a transaction-scoped advisory lock whose 64-bit key is PostgreSQL's hash
 * of `name` (`page-slug:my-page`, `webhook_endpoints:<workspace id>`), held until the transaction ends.
 */
export async function lockName(db: Sql, name: string): Promise<void> {
  await db.all(sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}
