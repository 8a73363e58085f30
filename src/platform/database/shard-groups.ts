import type { RawBuilder } from 'kysely';
import { prepared, sql, type Slots } from './query-builder.js';
import type { Sql } from './sql.js';

/**
 * Groups of workspaces that live together, for the claims that lock rows of many workspaces at once (the outbox relay,
 * the scheduler, the webhook claim, the retention deletes; docs/adr/0053). On a cluster sharded by workspace with
 * Citus, a `FOR UPDATE SKIP LOCKED` claim must touch one shard, so a claim runs once per group of workspaces whose rows
 * share a shard. On one PostgreSQL every workspace is in the same place: one group, `ALL`, and the claims run as they
 * always did, with no workspace condition.
 */
export const ALL = null;
/** The workspaces a claim may lock (one shard's), or `ALL` on one PostgreSQL. */
export type ShardGroup = readonly string[] | typeof ALL;

/** The distributed table whose shards every workspace table is co-located with (docs/operations.md, "To Citus"). */
const ANCHOR = 'pages';
/** How long a process trusts what it found out about distribution before it asks again (an operator may distribute). */
const RECHECK_MS = 60_000;

/** Workspaces grouped by the shard id each one's rows are on, at most `maxGroupSize` to a group. Pure. */
export function groupByShard(placements: readonly { workspaceId: string; shardId: string }[], maxGroupSize = 1_000): string[][] {
  const byShard = new Map<string, string[]>();
  for (const { workspaceId, shardId } of placements) {
    const group = byShard.get(shardId) ?? [];
    if (!group.includes(workspaceId)) group.push(workspaceId);
    byShard.set(shardId, group);
  }
  const groups: string[][] = [];
  for (const members of byShard.values()) {
    for (let i = 0; i < members.length; i += maxGroupSize) groups.push(members.slice(i, i + maxGroupSize));
  }
  return groups;
}

// Read only when `pg_dist_partition` exists (Citus installed): the statement would not parse otherwise.
const citusInstalled = sql<{ installed: boolean }>`SELECT to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL AS installed`;
const anchorDistributed = sql<{ distributed: boolean }>`
  SELECT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = to_regclass(${ANCHOR})) AS distributed`;
const shardsOf = prepared(
  (p: Slots<{ workspaceIds: string[] }>) => sql<{ workspace_id: string; shard_id: string }>`
    SELECT w AS workspace_id, get_shard_id_for_distribution_column(${ANCHOR}::regclass, w)::text AS shard_id
      FROM unnest(${p.workspaceIds}::text[]) AS w`,
);
const allWorkspaces = sql<{ id: string }>`SELECT id FROM workspaces`;

const known = new WeakMap<Sql, { distributed: Promise<boolean>; at: number }>();

/** Whether `ANCHOR` is a distributed table (Citus), asked at most once a minute per pool. */
export function isDistributed(db: Sql, now = Date.now()): Promise<boolean> {
  const cached = known.get(db);
  if (cached && now - cached.at < RECHECK_MS) return cached.distributed;
  const distributed = (async () => {
    const [installed] = await db.all(citusInstalled);
    if (!installed?.installed) return false;
    const [anchor] = await db.all(anchorDistributed);
    return anchor?.distributed === true;
  })();
  known.set(db, { distributed, at: now });
  distributed.catch(() => known.delete(db)); // a failed check is asked again next time
  return distributed;
}

/** `workspaceIds` in groups that each lie on one shard; `[ALL]` on one PostgreSQL; none for none. */
export async function shardGroupsOf(db: Sql, workspaceIds: readonly string[]): Promise<ShardGroup[]> {
  if (workspaceIds.length === 0) return [];
  if (!(await isDistributed(db))) return [ALL];
  const rows = await db.all(shardsOf({ workspaceIds: [...new Set(workspaceIds)] }));
  return groupByShard(rows.map((r) => ({ workspaceId: r.workspace_id, shardId: r.shard_id })));
}

/**
 * A claim over many workspaces, shard group by shard group (docs/adr/0053): on one PostgreSQL `claim(ALL)` once, with
 * no need of `dueWorkspaces`; on a cluster once per group of the workspaces it names, until the rows are `enough`.
 */
export async function claimByShardGroup<R>(
  db: Sql,
  dueWorkspaces: () => Promise<readonly string[]>,
  claim: (group: ShardGroup, claimed: readonly R[]) => Promise<R[]>,
  enough: (claimed: readonly R[]) => boolean,
): Promise<R[]> {
  const groups = (await isDistributed(db)) ? await shardGroupsOf(db, await dueWorkspaces()) : [ALL];
  const rows: R[] = [];
  for (const group of groups) {
    if (enough(rows)) break;
    rows.push(...(await claim(group, rows)));
  }
  return rows;
}

/** Every workspace in groups that each lie on one shard (the retention's sweeps); `[ALL]` on one PostgreSQL. */
export async function everyShardGroup(db: Sql): Promise<ShardGroup[]> {
  if (!(await isDistributed(db))) return [ALL];
  return shardGroupsOf(
    db,
    (await db.all(allWorkspaces)).map((r) => r.id),
  );
}

/** `workspace_id = ANY(<group>)`, or `true` for `ALL`: the condition that keeps a claim's statement on one shard. */
export function inShardGroup(group: ShardGroup, column = 'workspace_id'): RawBuilder<boolean> {
  return group === ALL ? sql<boolean>`true` : sql<boolean>`${sql.ref(column)} = ANY(${[...group]}::text[])`;
}
