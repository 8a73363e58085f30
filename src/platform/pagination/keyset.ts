import type { SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from '../database/query-builder.js';
import type { Sql } from '../database/sql.js';
import { toPage, type CursorCodec, type KeysetPosition, type Page } from './cursor.js';

/**
 * Fetches `limit + 1` rows of a newest-first keyset on (created_at DESC, id DESC) (or another timestamp
 * column, `orderBy`), strictly after a position. Rows inserted while a client walks the list are newer
 * than every cursor, so the walk has no duplicates and no gaps. `query` selects and filters; this adds the rest.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  db: Sql,
  query: SelectQueryBuilder<DB, TB, O>,
  q: { after?: KeysetPosition; limit: number; orderBy?: string },
): Promise<O[]> {
  const at = sql.ref(q.orderBy ?? 'created_at');
  const after = q.after;
  const page = after ? query.where(sql<SqlBool>`(${at}, id) < (${after.at}::timestamptz, ${after.id})`) : query;
  return db.all(
    page
      .orderBy(at, 'desc')
      .orderBy(sql.ref('id'), 'desc')
      .limit(q.limit + 1),
  );
}

/**
 * One page of a workspace's list: decodes the `after` cursor (400 when tampered or foreign), reads the
 * keyset, and builds the envelope with the next cursor. `query` is already limited to the workspace;
 * `orderBy` names the timestamp column (selected too).
 */
export async function listWorkspaceRows<DB, TB extends keyof DB, O extends { id: string }, T>(
  db: Sql,
  cursors: CursorCodec,
  query: SelectQueryBuilder<DB, TB, O>,
  q: { list: string; workspaceId: string; limit: number; after?: string; orderBy?: string; map: (row: O) => T },
): Promise<Page<T>> {
  const orderBy = q.orderBy ?? 'created_at';
  const rows = await keysetPage(db, query, {
    after: q.after ? cursors.decode(q.after, q.list, q.workspaceId) : undefined,
    limit: q.limit,
    orderBy,
  });
  return toPage(
    rows,
    q.limit,
    (r) => ({ at: new Date((r as Record<string, unknown>)[orderBy] as Date).toISOString(), id: r.id }),
    (p) => cursors.encode(q.list, q.workspaceId, p),
    q.map,
  );
}
