import type { Selectable } from 'kysely';
import { prepared, sql, type Slots } from '../database/query-builder.js';
import { ALL, type ShardGroup } from '../database/shard-groups.js';
import type { Sql } from '../database/sql.js';
import { privateMessage } from '../observability/private-text.js';
import { outbox, type OutboxDb } from './outbox.table.js';

const CLAIMED = ['seq', 'event_id', 'workspace_id', 'type', 'payload', 'created_at', 'traceparent'] as const;

export type ClaimedRow = Pick<Selectable<OutboxDb['outbox']>, (typeof CLAIMED)[number]>;

/**
 * Leases up to `limit` due rows of `workspaceIds` (null: of every workspace) to this relay, the oldest first, skipping
 * rows another relay holds: they are not due again for `leaseSeconds` (OUTBOX_LEASE_SECONDS), so a relay that dies
 * mid-batch leaves them to another after that. The workspaces are named in both the pick and the update, so on a
 * cluster sharded by workspace a claim over one shard group runs on that shard (docs/adr/0053). Compiled once.
 */
export const claim = prepared(
  (p: Slots<{ limit: number; leaseSeconds: number; workspaceIds: string[] | null }>) => sql<ClaimedRow>`
    WITH picked AS MATERIALIZED (
      SELECT workspace_id, seq FROM outbox WHERE processed_at IS NULL AND available_at <= now()
        AND (${p.workspaceIds}::text[] IS NULL OR workspace_id = ANY(${p.workspaceIds}::text[]))
      ORDER BY seq LIMIT ${p.limit}::int FOR UPDATE SKIP LOCKED
    )
    -- By key lists, not a join with the picked rows (a join scanned every pending row, docs/adr/0053). The picked
    -- rows are locked unpublished, so "processed_at IS NULL" holds for each: it lets the plan probe
    -- outbox_pending_idx for the batch's seqs whatever the statistics say. Without it, a table last analyzed
    -- before a burst was read by workspace and filtered by seq: 20,000 rows for 200, 25 ms a claim (ADR 0080).
    UPDATE outbox
    SET available_at = now() + make_interval(secs => ${p.leaseSeconds}::int), attempts = attempts + 1, last_error = NULL
    WHERE workspace_id = ANY(ARRAY(SELECT workspace_id FROM picked)) AND seq = ANY(ARRAY(SELECT seq FROM picked))
      AND processed_at IS NULL
      AND (${p.workspaceIds}::text[] IS NULL OR workspace_id = ANY(${p.workspaceIds}::text[]))
    RETURNING ${sql.join(CLAIMED.map((c) => sql.id(c)))}`,
);

/** At most this many workspaces with rows to publish are looked at by one fair lease (the oldest heads among them win). */
export const MAX_HEADS = 10_000;

/**
 * Leases up to `limit` due rows of every workspace fairly (docs/adr/0097): the workspaces whose oldest unpublished row
 * is oldest (at most `limit` of them, found by skipping through `outbox_pending_ws_idx` one workspace at a time, at
 * most MAX_HEADS), each up to an equal share of the batch, its oldest due rows first, skipping rows another relay
 * holds. A workspace's burst fills a batch when it is the only one with rows to publish, and a share of it when
 * others have some: their events no longer wait behind it. The update finds the picked rows by key lists, as `claim`.
 */
export const claimFairly = prepared(
  (p: Slots<{ limit: number; leaseSeconds: number }>) => sql<ClaimedRow>`
    WITH RECURSIVE heads AS (
      (SELECT workspace_id, seq FROM outbox WHERE processed_at IS NULL ORDER BY workspace_id, seq LIMIT 1)
      UNION ALL
      SELECT next.workspace_id, next.seq FROM heads CROSS JOIN LATERAL (
        SELECT o.workspace_id, o.seq FROM outbox o WHERE o.processed_at IS NULL AND o.workspace_id > heads.workspace_id
        ORDER BY o.workspace_id, o.seq LIMIT 1
      ) AS next
    ), oldest AS MATERIALIZED (
      SELECT workspace_id FROM (SELECT workspace_id, seq FROM heads LIMIT ${MAX_HEADS}::int) AS h ORDER BY seq LIMIT ${p.limit}::int
    ), picked AS MATERIALIZED (
      SELECT share.workspace_id, share.seq FROM oldest CROSS JOIN LATERAL (
        SELECT o.workspace_id, o.seq FROM outbox o
        WHERE o.workspace_id = oldest.workspace_id AND o.processed_at IS NULL AND o.available_at <= now()
        ORDER BY o.workspace_id, o.seq
        LIMIT ceil(${p.limit}::numeric / greatest((SELECT count(*) FROM oldest), 1))::int
        FOR UPDATE SKIP LOCKED
      ) AS share
      ORDER BY share.seq LIMIT ${p.limit}::int
    )
    UPDATE outbox
    SET available_at = now() + make_interval(secs => ${p.leaseSeconds}::int), attempts = attempts + 1, last_error = NULL
    WHERE workspace_id = ANY(ARRAY(SELECT workspace_id FROM picked)) AND seq = ANY(ARRAY(SELECT seq FROM picked))
      AND processed_at IS NULL
    RETURNING ${sql.join(CLAIMED.map((c) => sql.id(c)))}`,
);

/**
 * Sorting off for the claim's transaction, so the pick walks `outbox_pending_idx` in `seq` order and stops at `limit`.
 * The planner prefers a bitmap scan and a sort of every pending row whenever its statistics say few are pending (the
 * usual case before autovacuum has analyzed a burst, and in a named statement's generic plan): that sorts the whole
 * backlog for every batch of 200, 8 ms at 20,000 pending, and never marks the published rows' dead index entries.
 */
const SORT_OFF = sql`SELECT set_config('enable_sort', 'off', true)`;

/**
 * Leases up to `limit` due rows of one shard group's workspaces, oldest first; `ALL` (one PostgreSQL): of every
 * workspace, fairly (`claimFairly`).
 */
export function leaseDue(db: Sql, group: ShardGroup, limit: number, leaseSeconds: number): Promise<ClaimedRow[]> {
  // Its own transaction: inside a caller's, the lease would not commit before the network work it covers.
  if (db.inTransaction()) throw new Error('leaseDue must not run inside a transaction');
  return db.transaction(async () => {
    // Not for the fair lease: its two sorts are of a batch (no index gives that order), and with sorting "off" its cost
    // passes the JIT's threshold, which compiles each lease for a quarter of a second.
    if (group === ALL) return db.all(claimFairly({ limit, leaseSeconds }));
    await db.all(SORT_OFF);
    return db.all(claim({ limit, leaseSeconds, workspaceIds: [...group] }));
  });
}

/** The workspaces of the oldest due rows, read without locks: what a sharded cluster claims shard group by group. */
export const dueWorkspaces = prepared(
  (p: Slots<{ limit: number }>) => sql<{ workspace_id: string }>`
    SELECT DISTINCT workspace_id FROM (
      SELECT workspace_id FROM outbox WHERE processed_at IS NULL AND available_at <= now() ORDER BY seq LIMIT ${p.limit}::int
    ) AS due`,
);

/**
 * Marks leased rows published (in the transaction of the subscribers' writes), returning their payloads as they stand
 * under the row locks it takes: an erasure that rewrote one since the claim (docs/adr/0044) has committed by then.
 * The keys come through sub-selects, so the plan probes `outbox_pending_idx` for the batch's `seq`s whatever the
 * statistics say: with the values in sight, a table never analyzed since a burst (a few rows per workspace, says the
 * planner) was scanned by workspace, 20,000 index entries for 200 rows. `route` repeats the workspaces as constants
 * on a cluster sharded by workspace, which routes by them (docs/adr/0053); null on one PostgreSQL.
 */
export const markPublished = prepared(
  (p: Slots<{ workspaceIds: string[]; seqs: string[]; route: string[] | null }>) => sql<{ seq: string; payload: { data: unknown } }>`
    UPDATE outbox SET processed_at = now()
    WHERE workspace_id = ANY(ARRAY(SELECT unnest(${p.workspaceIds}::text[])))
      AND seq = ANY(ARRAY(SELECT unnest(${p.seqs}::bigint[])))
      AND (${p.route}::text[] IS NULL OR workspace_id = ANY(${p.route}::text[]))
      AND processed_at IS NULL
    RETURNING seq, payload`,
);

/** Makes leased rows due again at once (a batch that failed, retried row by row). */
export const release = prepared((p: Slots<{ workspaceIds: string[]; seqs: string[] }>) =>
  outbox
    .updateTable('outbox')
    .set({ available_at: sql`now()` })
    .where((eb) => eb('workspace_id', '=', eb.fn.any(sql<string[]>`${p.workspaceIds}::text[]`)))
    .where((eb) => eb('seq', '=', eb.fn.any(sql<string[]>`${p.seqs}::bigint[]`)))
    .where('processed_at', 'is', null),
);

const MAX_BACKOFF_S = 300;

/**
 * A row that failed on its own: its error kept, and due again after 2^attempts seconds (at most five minutes). The
 * error's message is kept as the logs keep it (`privateMessage`, docs/adr/0063): without the row values a database
 * error quotes, nor URL queries.
 */
export const backOff = (row: ClaimedRow, err: unknown) =>
  outbox
    .updateTable('outbox')
    .set({
      last_error: sql<string>`left(${privateMessage(String((err as Error)?.message ?? err))}, 500)`,
      available_at: sql<Date>`now() + make_interval(secs => least(power(2, attempts), ${MAX_BACKOFF_S}))`,
    })
    .where('workspace_id', '=', row.workspace_id)
    .where('seq', '=', row.seq);

/** The rows' workspaces and sequence numbers, as the statements that find them by their key take them. */
export const keysOf = (rows: readonly ClaimedRow[]) => ({
  workspaceIds: [...new Set(rows.map((r) => r.workspace_id))],
  seqs: rows.map((r) => r.seq),
});
