import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { compileStatement, prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { ALL, claimByShardGroup, isDistributed } from '../../platform/database/shard-groups.js';
import { Sql } from '../../platform/database/sql.js';
import type { DeliveryState } from '../domain/delivery/model.js';
import { BatchTransactions, DeliveryQueue, type ClaimedDelivery, type DueWork } from '../application/ports/webhook.ports.js';
import type { DeliveryRow } from './webhooks.tables.js';

/**
 * The endpoints with pending work, found by a loose index scan over `webhook_deliveries_due_idx` (workspace_id,
 * endpoint_id, next_attempt_at) WHERE PENDING: one index probe per endpoint with pending work, however long its
 * backlog, stepping from one (workspace, endpoint) pair to the next.
 * For each: its due, unleased deliveries counted up to the look-ahead, and when its first unleased delivery
 * falls due.
 */
const dueWorkStatement = prepared(
  (p: Slots<{ now: Date; lookAhead: number }>) =>
    sql<{ endpoint_id: string; workspace_id: string; due: number; first_due: Date | null }>`
    WITH RECURSIVE pending(workspace_id, endpoint_id) AS (
      (SELECT workspace_id, endpoint_id FROM webhook_deliveries WHERE status = 'PENDING'
       ORDER BY workspace_id, endpoint_id LIMIT 1)
      UNION ALL
      SELECT next.workspace_id, next.endpoint_id FROM pending CROSS JOIN LATERAL (
        SELECT d.workspace_id, d.endpoint_id FROM webhook_deliveries d
        WHERE d.status = 'PENDING' AND (d.workspace_id, d.endpoint_id) > (pending.workspace_id, pending.endpoint_id)
        ORDER BY d.workspace_id, d.endpoint_id LIMIT 1
      ) next
    )
    SELECT pending.endpoint_id, pending.workspace_id, due.n AS due, first.at AS first_due
    FROM pending
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM webhook_deliveries d
        WHERE d.workspace_id = pending.workspace_id AND d.endpoint_id = pending.endpoint_id AND d.status = 'PENDING'
          AND d.next_attempt_at <= ${p.now}::timestamptz
          AND (d.lease_until IS NULL OR d.lease_until < ${p.now}::timestamptz)
        LIMIT ${p.lookAhead}::int
      ) up_to
    ) due
    CROSS JOIN LATERAL (
      SELECT d.next_attempt_at AS at FROM webhook_deliveries d
      WHERE d.workspace_id = pending.workspace_id AND d.endpoint_id = pending.endpoint_id AND d.status = 'PENDING'
        AND d.next_attempt_at IS NOT NULL
        AND (d.lease_until IS NULL OR d.lease_until < ${p.now}::timestamptz)
      ORDER BY d.next_attempt_at LIMIT 1
    ) first
  `,
);

/**
 * The same answer as `dueWorkStatement`, as one aggregate that a cluster sharded by workspace runs on every shard in
 * parallel (the GROUP BY names the distribution column), for Citus does not plan a recursive scan of a distributed
 * table without a workspace filter (docs/adr/0053). It reads every pending delivery's index entry instead of one per
 * endpoint, so it grows with the backlog; `due` is capped at the look-ahead here too.
 */
const dueWorkByGroupStatement = prepared(
  (p: Slots<{ now: Date; lookAhead: number }>) =>
    sql<{ endpoint_id: string; workspace_id: string; due: number; first_due: Date | null }>`
    SELECT endpoint_id, workspace_id,
      least(count(*) FILTER (WHERE next_attempt_at <= ${p.now}::timestamptz AND unleased), ${p.lookAhead}::int)::int AS due,
      min(next_attempt_at) FILTER (WHERE unleased) AS first_due
    FROM (
      SELECT workspace_id, endpoint_id, next_attempt_at, (lease_until IS NULL OR lease_until < ${p.now}::timestamptz) AS unleased
      FROM webhook_deliveries WHERE status = 'PENDING'
    ) AS pending
    GROUP BY workspace_id, endpoint_id
  `,
);

/**
 * The projection columns a claim returns (the snapshot the outcome is decided from), and the envelope to send: the
 * event's body and traceparent (the delivery's foreign key keeps it while the delivery exists).
 */
type ClaimedRow = { envelope: [string, string | null] } & Pick<
  DeliveryRow,
  | 'id'
  | 'endpoint_id'
  | 'workspace_id'
  | 'event_id'
  | 'event_type'
  | 'created_at'
  | 'status'
  | 'attempt_count'
  | 'attempts_in_cycle'
  | 'attempts'
  | 'next_attempt_at'
  | 'last_status_code'
  | 'recorded_while_disabled'
  | 'version'
>;

/**
 * Leases each listed endpoint's soonest-due deliveries, up to its count, skipping rows another claim holds, and returns
 * each with its envelope (the delivery's foreign key keeps the envelope while the delivery exists). Every
 * read of the table also names the workspaces as constants (`workspaceIds`), which is what lets a cluster sharded
 * by workspace route a claim over the workspaces of one shard to that shard (docs/adr/0053).
 */
const claimStatement = prepared(
  (
    p: Slots<{
      leaseToken: string;
      now: Date;
      leaseSeconds: number;
      workspaceIds: string[];
      workspaces: string[];
      endpoints: string[];
      counts: number[];
    }>,
  ) =>
    sql<ClaimedRow>`
      WITH picked AS MATERIALIZED (
        SELECT x.workspace_id, x.id, x.event_id
        FROM unnest(${p.workspaces}::text[], ${p.endpoints}::text[], ${p.counts}::int[]) AS take(workspace_id, endpoint_id, n)
        CROSS JOIN LATERAL (
          SELECT x.workspace_id, x.id, x.event_id FROM webhook_deliveries x
          WHERE x.workspace_id = ANY(${p.workspaceIds}::text[]) AND x.workspace_id = take.workspace_id
            AND x.endpoint_id = take.endpoint_id AND x.status = 'PENDING' AND x.next_attempt_at <= ${p.now}::timestamptz
            AND (x.lease_until IS NULL OR x.lease_until < ${p.now}::timestamptz)
          ORDER BY x.next_attempt_at
          LIMIT take.n
          FOR UPDATE SKIP LOCKED
        ) x
      )
      -- The picked rows by key list (the outbox claim's way): a join on the picked rows alone lets a generic plan hash
      -- every delivery of the workspaces (20 ms at 20,000 rows, per claim). Each envelope by its key, one probe per row;
      -- which index serves the probe still depends on fresh statistics (the StatisticsKeeper's, docs/adr/0080).
      UPDATE webhook_deliveries d
      SET lease_token = ${p.leaseToken}::text,
          lease_until = ${p.now}::timestamptz + make_interval(secs => ${p.leaseSeconds}::int)
      FROM picked
      WHERE d.workspace_id = ANY(${p.workspaceIds}::text[]) AND d.id = ANY(ARRAY(SELECT id FROM picked))
        AND d.workspace_id = picked.workspace_id AND d.id = picked.id
      RETURNING d.id, d.endpoint_id, d.workspace_id, d.event_id, d.event_type, d.created_at, d.status, d.attempt_count,
        d.attempts_in_cycle, d.attempts, d.next_attempt_at, d.last_status_code, d.recorded_while_disabled, d.version,
        (SELECT ARRAY[m.body, m.traceparent] FROM webhook_messages m
         WHERE m.workspace_id = ANY(${p.workspaceIds}::text[]) AND m.workspace_id = d.workspace_id AND m.event_id = d.event_id
        ) AS envelope
    `,
);

/** A claimed row as the delivery's state at its version (the projection holds every field the decider reads). */
function snapshot(r: ClaimedRow): DeliveryState {
  const attempts = r.attempts.map((a) => ({ ...a, at: new Date(a.at) }));
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    workspaceId: r.workspace_id,
    eventId: r.event_id,
    eventType: r.event_type,
    createdAt: r.created_at,
    updatedAt: attempts.at(-1)?.at ?? r.created_at,
    status: r.status,
    attempts,
    attemptCount: r.attempt_count,
    attemptsInCycle: r.attempts_in_cycle,
    nextAttemptAt: r.next_attempt_at,
    lastStatusCode: r.last_status_code,
    recordedWhileDisabled: r.recorded_while_disabled,
    version: r.version,
  };
}

/** The fair claim (docs/adr/0093): which endpoints have due work, then a lease on a share of each one's deliveries. */
@Injectable()
export class SqlDeliveryQueue extends DeliveryQueue {
  constructor(private readonly db: Sql) {
    super();
  }

  async dueWork(q: { now: Date; lookAhead: number }, options: { sharded?: boolean } = {}): Promise<DueWork> {
    const sharded = options.sharded ?? (await isDistributed(this.db));
    const rows = await this.db.all((sharded ? dueWorkByGroupStatement : dueWorkStatement)({ now: q.now, lookAhead: q.lookAhead }));
    let nextDue: Date | null = null;
    for (const r of rows) if (r.due === 0 && r.first_due && (!nextDue || r.first_due < nextDue)) nextDue = r.first_due;
    return {
      due: rows.filter((r) => r.due > 0).map((r) => ({ endpointId: r.endpoint_id, workspaceId: r.workspace_id, due: r.due })),
      nextDue,
    };
  }

  async claim(c: {
    now: Date;
    leaseSeconds: number;
    take: ReadonlyMap<string, number>;
    workspaceOf: ReadonlyMap<string, string>;
  }): Promise<ClaimedDelivery[]> {
    if (c.take.size === 0) return [];
    const endpoints = [...c.take.keys()];
    // One statement per shard group of the endpoints' workspaces: all of them on one PostgreSQL (docs/adr/0053).
    const rows = await claimByShardGroup<ClaimedRow>(
      this.db,
      async () => endpoints.map((endpointId) => c.workspaceOf.get(endpointId)!),
      (group) => {
        const mine = group === ALL ? endpoints : endpoints.filter((e) => group.includes(c.workspaceOf.get(e)!));
        const workspaces = mine.map((endpointId) => c.workspaceOf.get(endpointId)!);
        return this.db.all(
          claimStatement({
            leaseToken: randomUUID(),
            now: c.now,
            leaseSeconds: c.leaseSeconds,
            workspaceIds: [...new Set(workspaces)],
            workspaces,
            endpoints: mine,
            counts: mine.map((e) => c.take.get(e)!),
          }),
        );
      },
      () => false,
    );
    return rows.map((r) => ({
      deliveryId: r.id,
      endpointId: r.endpoint_id,
      workspaceId: r.workspace_id,
      eventId: r.event_id,
      version: r.version,
      state: snapshot(r),
      envelope: { body: r.envelope[0], traceparent: r.envelope[1] },
    }));
  }
}

/**
 * The batch transaction's settings, in one statement: index plans (`useIndexPlans`), and an asynchronous commit
 * (docs/adr/0080): what a claim or an outcome writes may be lost if PostgreSQL stops within a few hundred ms of the
 * commit, and a lost write only sends a delivery again (its lease, or its outbox row's, runs out).
 */
const BATCH_SETTINGS = compileStatement(
  sql`SELECT set_config('enable_seqscan', 'off', true), set_config('synchronous_commit', 'off', true)`,
);

/**
 * A transaction whose statements find rows through indexes and whose commit does not wait for the disk, for the
 * dispatcher's batch statements and the fan-out's writes (joined: the relay's transaction gets both settings).
 */
@Injectable()
export class SqlBatchTransactions extends BatchTransactions {
  constructor(private readonly db: Sql) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(async () => {
      await this.db.all(BATCH_SETTINGS);
      return work();
    });
  }
}

/**
 * Has the rest of the current transaction find rows through indexes (`enable_seqscan` off, transaction-local): a
 * key-list statement's generic plan, cached while its table was small, would scan the grown table and test every row
 * against the whole list. A plan cached without this keeps its scan, so run such statements only after calling it.
 */
const SEQSCAN_OFF = compileStatement(sql`SELECT set_config('enable_seqscan', 'off', true)`);

export async function useIndexPlans(db: Sql): Promise<void> {
  if (!db.inTransaction()) throw new Error('useIndexPlans needs a transaction (the setting is transaction-local)');
  await db.all(SEQSCAN_OFF);
}
