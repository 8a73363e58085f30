import type { Sql } from '../database/sql.js';
import { toPage, type CursorCodec, type KeysetPosition, type Page } from './cursor.js';

/**
 * Fetches `limit + 1` rows of a newest-first keyset on (created_at DESC, id DESC) (or another timestamp
 * column, `orderBy`), strictly after a position. Rows inserted while a client walks the list are newer
 * than every cursor, so the walk has no duplicates and no gaps.
 */
export function keysetPage<R>(
  sql: Sql,
  q: { select: string; from: string; where: string; params: unknown[]; after?: KeysetPosition; limit: number; orderBy?: string },
): Promise<R[]> {
  const at = q.orderBy ?? 'created_at';
  const after = q.after ? ` AND (${at}, id) < (?::timestamptz, ?)` : '';
  const params = q.after ? [...q.params, q.after.at, q.after.id, q.limit + 1] : [...q.params, q.limit + 1];
  return sql.all<R>(`SELECT ${q.select} FROM ${q.from} WHERE ${q.where}${after} ORDER BY ${at} DESC, id DESC LIMIT ?`, params);
}

/**
 * One page of a workspace's list: decodes the `after` cursor (400 when tampered or foreign), reads the
 * keyset, and builds the envelope with the next cursor. `orderBy` names the timestamp column (selected too).
 */
export async function listWorkspaceRows<R extends { id: string }, T>(
  sql: Sql,
  cursors: CursorCodec,
  q: {
    list: string;
    workspaceId: string;
    limit: number;
    after?: string;
    select: string;
    from: string;
    orderBy?: string;
    map: (row: R) => T;
  },
): Promise<Page<T>> {
  const orderBy = q.orderBy ?? 'created_at';
  const rows = await keysetPage<R>(sql, {
    select: q.select,
    from: q.from,
    where: 'workspace_id = ?',
    params: [q.workspaceId],
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
