import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { PgListener } from '../database/pg-listener.js';
import { prepared, sql, type Slots } from '../database/query-builder.js';
import { ALL, isDistributed, shardGroupsOf, type ShardGroup } from '../database/shard-groups.js';
import { Sql } from '../database/sql.js';
import { DatabaseOutage } from '../observability/database-outage.js';
import { purgeInBatches } from '../workers/batched-delete.js';
import { PollingLoop } from '../workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../workers/worker-host.js';
import { OUTBOX_CHANNEL, type PublishedEvent } from './outbox.js';
import { publishTraced } from './outbox-tracing.js';
import { outbox, type OutboxDb } from './outbox.table.js';

/**
 * A consumer of outbox rows, in two steps. `prepare` (optional) runs outside any transaction once the rows are
 * leased to this relay: network work such as sending first webhook attempts. `handle` runs inside the
 * transaction that marks the rows published, so its writes (for example webhook deliveries) commit atomically
 * with that mark. `committed` settles when that transaction ends (true once it committed), for work that must
 * follow the commit; it settles false when the batch fails at any step.
 */
export interface OutboxSubscriber<P = unknown> {
  prepare?(rows: PublishedEvent[], committed: Promise<boolean>): Promise<P>;
  handle(rows: PublishedEvent[], prepared?: P, committed?: Promise<boolean>): Promise<void>;
}

/** A promise settled by hand: whether a transaction committed. */
function commitSignal(): { promise: Promise<boolean>; settle: (committed: boolean) => void } {
  let settle!: (committed: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}
export const OUTBOX_SUBSCRIBERS = Symbol('OUTBOX_SUBSCRIBERS');

const BATCH = 200;

const CLAIMED = ['seq', 'event_id', 'workspace_id', 'type', 'payload', 'created_at', 'traceparent'] as const;

/**
 * Leases up to `limit` due rows of `workspaceIds` (null: of every workspace) to this relay, the oldest first, skipping
 * rows another relay holds: they are not due again for `leaseSeconds` (OUTBOX_LEASE_SECONDS), so a relay that dies
 * mid-batch leaves them to another after that. The workspaces are named in both the pick and the update, so on a
 * cluster sharded by workspace a claim over one shard group runs on that shard (docs/adr/0053). Compiled once.
 */
const claim = prepared(
  (p: Slots<{ limit: number; leaseSeconds: number; workspaceIds: string[] | null }>) => sql<ClaimedRow>`
    WITH picked AS MATERIALIZED (
      SELECT workspace_id, seq FROM outbox WHERE processed_at IS NULL AND available_at <= now()
        AND (${p.workspaceIds}::text[] IS NULL OR workspace_id = ANY(${p.workspaceIds}::text[]))
      ORDER BY seq LIMIT ${p.limit}::int FOR UPDATE SKIP LOCKED
    )
    -- By the primary key (workspace_id, seq): a join with the picked rows would scan every pending row (docs/adr/0053).
    UPDATE outbox
    SET available_at = now() + make_interval(secs => ${p.leaseSeconds}::int), attempts = attempts + 1, last_error = NULL
    WHERE workspace_id = ANY(ARRAY(SELECT workspace_id FROM picked)) AND seq = ANY(ARRAY(SELECT seq FROM picked))
      AND (${p.workspaceIds}::text[] IS NULL OR workspace_id = ANY(${p.workspaceIds}::text[]))
    RETURNING ${sql.join(CLAIMED.map((c) => sql.id(c)))}`,
);

/**
 * Sorting off for the claim's transaction, so the pick walks `outbox_pending_idx` in `seq` order and stops at `limit`.
 * The planner prefers a bitmap scan and a sort of every pending row whenever its statistics say few are pending (the
 * usual case before autovacuum has analyzed a burst, and in a named statement's generic plan): that sorts the whole
 * backlog for every batch of 200, 8 ms at 20,000 pending, and never marks the published rows' dead index entries.
 */
const SORT_OFF = sql`SELECT set_config('enable_sort', 'off', true)`;

/** The workspaces of the oldest due rows, read without locks: what a sharded cluster claims shard group by group. */
const dueWorkspaces = prepared(
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
const markPublished = prepared(
  (p: Slots<{ workspaceIds: string[]; seqs: string[]; route: string[] | null }>) => sql<{ seq: string; payload: { data: unknown } }>`
    UPDATE outbox SET processed_at = now()
    WHERE workspace_id = ANY(ARRAY(SELECT unnest(${p.workspaceIds}::text[])))
      AND seq = ANY(ARRAY(SELECT unnest(${p.seqs}::bigint[])))
      AND (${p.route}::text[] IS NULL OR workspace_id = ANY(${p.route}::text[]))
      AND processed_at IS NULL
    RETURNING seq, payload`,
);

/** Makes leased rows due again at once (a batch that failed, retried row by row). */
const release = prepared((p: Slots<{ workspaceIds: string[]; seqs: string[] }>) =>
  outbox
    .updateTable('outbox')
    .set({ available_at: sql`now()` })
    .where((eb) => eb('workspace_id', '=', eb.fn.any(sql<string[]>`${p.workspaceIds}::text[]`)))
    .where((eb) => eb('seq', '=', eb.fn.any(sql<string[]>`${p.seqs}::bigint[]`)))
    .where('processed_at', 'is', null),
);

type ClaimedRow = Pick<Selectable<OutboxDb['outbox']>, (typeof CLAIMED)[number]>;

/** The rows' workspaces and sequence numbers, as the statements that find them by their key take them. */
const keysOf = (rows: readonly ClaimedRow[]) => ({
  workspaceIds: [...new Set(rows.map((r) => r.workspace_id))],
  seqs: rows.map((r) => r.seq),
});

/** Waits for `work`, but no longer than `ms` (at once when `ms` is not positive); `work` never rejects. */
async function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

const POLL_MS = 2_000;
const MAX_BACKOFF_S = 300;
/** Rows per retention delete (docs/adr/0055): a short statement, whatever the backlog. */
const PURGE_BATCH = 5_000;

/**
 * Publishes outbox rows: woken by LISTEN/NOTIFY (`Outbox.append` notifies, at commit), with a polling backstop.
 * A batch is leased in one statement (`FOR UPDATE SKIP LOCKED`, then a lease of OUTBOX_LEASE_SECONDS), so any number of
 * relays can run side by side and none holds a transaction across its subscribers' network work; the
 * subscribers then write in one transaction that also marks the rows published (at-least-once: a relay that
 * dies before that commit leaves the rows to be published again once the lease runs out).
 * A failing batch is retried row by row; a failing row backs off exponentially and never blocks others.
 */
@Injectable()
export class OutboxRelay implements BackgroundWorker {
  readonly name = 'outbox-relay';
  readonly role = 'relay';
  private readonly logger = new Logger('OutboxRelay');
  private readonly loop = new PollingLoop(
    () => this.step(this.overlap),
    POLL_MS,
    (err) => this.logger.error({ err }, 'Outbox relay error'),
  );
  private readonly listener: PgListener;
  private readonly leaseSeconds: number;
  /** OUTBOX_RELAY_PIPELINE: the next batch is claimed and sent while the one before is written */
  private readonly overlap: boolean;

  constructor(
    private readonly db: Sql,
    @Optional() @Inject(OUTBOX_SUBSCRIBERS) private readonly subscribers: OutboxSubscriber[] = [],
    @Optional() registry?: WorkerRegistry,
    @Optional() @Inject(APP_CONFIG) config?: AppConfig,
    @Optional() private readonly outage?: DatabaseOutage,
  ) {
    this.leaseSeconds = config?.outboxLeaseSeconds ?? 30;
    this.overlap = config?.outboxRelayPipeline ?? true;
    this.loop.reportsTo(outage, this.name);
    this.listener = new PgListener(db.listenPool, OUTBOX_CHANNEL, () => this.loop.wake(), { outage });
    registry?.register(this);
  }

  /** Contexts add their subscriber at module init (the webhooks fan-out). */
  subscribe(subscriber: OutboxSubscriber): void {
    if (!this.subscribers.includes(subscriber)) this.subscribers.push(subscriber);
  }

  start(): void {
    if (this.loop.isRunning) return;
    this.loop.start();
    this.listener.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.writing;
    if (this.writeFailure !== null && !this.outage?.failed(this.name, this.writeFailure))
      this.logger.error({ err: this.writeFailure }, 'Outbox relay error');
    this.writeFailure = null;
    await this.listener.stop();
  }

  /**
   * Deletes rows published more than `days` ago, in batches found through `outbox_processed_idx`; returns how many.
   * Pending rows (not yet published) are never deleted.
   */
  purgeProcessed(days = 7): Promise<number> {
    const cutoff = sql<Date>`now() - make_interval(days => ${days})`;
    return purgeInBatches(this.db, 'outbox', sql<boolean>`processed_at < ${cutoff}`, PURGE_BATCH);
  }

  /** The write of the batch before (its transaction, or its retry row by row when that failed); it never rejects. */
  private writing: Promise<void> = Promise.resolve();
  /** What failed in a write's retry (the database gone, say): thrown by the next step, so the loop reports it. */
  private writeFailure: unknown = null;
  /** How many rows the last write marked done. */
  private lastWritten = 0;

  /** Claims and publishes one batch; returns the number of rows marked done (by the batch, or row by row when it failed). */
  async drainOnce(): Promise<number> {
    await this.step(false);
    return this.lastWritten;
  }

  /**
   * Claims one batch and prepares it (the webhook fan-out sends its first attempts); then, with `overlap`, leaves its
   * transaction running and returns once the batch before is written, so that the loop claims and prepares the next
   * batch while this one is written: two batches in hand at most. A batch's transaction waits for the one before, but
   * no longer than half its lease: a write held up (a lock wait, a failed batch retried row by row) must not keep a
   * batch whose first attempts went out until its lease runs out and another relay sends them again; past that it
   * writes alongside. Returns the rows claimed.
   */
  private async step(overlap: boolean): Promise<number> {
    this.reportFailure();
    const claimedAt = Date.now();
    const rows = await this.claimDue(BATCH);
    if (rows.length === 0) {
      await this.settled();
      this.lastWritten = 0;
      return 0;
    }
    const previous = this.writing;
    let handOff!: () => void;
    const handedOff = new Promise<void>((resolve) => (handOff = resolve));
    const written = this.publish(rows, async () => {
      handOff();
      await within(previous, claimedAt + (this.leaseSeconds * 1000) / 2 - Date.now());
    });
    this.writing = written
      .then(
        () => rows.length,
        async (err: unknown) => {
          // The database is unavailable: said once, by the outage (docs/adr/0060); row by row would fail alike.
          if (this.outage?.failed(this.name, err)) throw err;
          this.logger.warn({ err }, 'Outbox batch failed; retrying row by row');
          await previous;
          await this.db.all(release(keysOf(rows)));
          return this.drainOneByOne();
        },
      )
      .then(
        (done) => void (this.lastWritten = done),
        (err: unknown) => {
          this.lastWritten = 0;
          // One slot: a failure not yet reported when another comes is logged here rather than lost.
          if (this.writeFailure !== null && !this.outage?.failed(this.name, this.writeFailure))
            this.logger.error({ err: this.writeFailure }, 'Outbox relay error');
          this.writeFailure = err;
        },
      );
    if (overlap) {
      // Returns once this batch is prepared and the one before is written: then this one writes while the next is
      // claimed and sent, and never more than two batches are in hand.
      await Promise.race([handedOff, this.writing]);
      await previous;
    } else await this.settled();
    return rows.length;
  }

  /** Waits for the write in flight; throws what its retry failed with. */
  private async settled(): Promise<void> {
    await this.writing;
    this.reportFailure();
  }

  /** Throws, once, what the retry of a batch written earlier failed with. */
  private reportFailure(): void {
    const failure = this.writeFailure;
    this.writeFailure = null;
    if (failure !== null) throw failure;
  }

  /**
   * Leases up to `limit` due rows, in publication order. On one PostgreSQL: one statement over every workspace. On a
   * cluster sharded by workspace: the workspaces of the oldest due rows (read without locks), then one claim per shard
   * group of them (`claimIn`), until `limit` (docs/adr/0053).
   */
  async claimDue(limit: number): Promise<ClaimedRow[]> {
    const groups = (await isDistributed(this.db))
      ? await shardGroupsOf(
          this.db,
          (await this.db.all(dueWorkspaces({ limit }))).map((r) => r.workspace_id),
        )
      : [ALL];
    const rows: ClaimedRow[] = [];
    for (const group of groups) {
      if (rows.length >= limit) break;
      rows.push(...(await this.claimIn(group, limit - rows.length)));
    }
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  /** Leases up to `limit` due rows of one shard group's workspaces (`ALL`: of every workspace). */
  claimIn(group: ShardGroup, limit: number): Promise<ClaimedRow[]> {
    // Its own transaction: inside a caller's, the lease would not commit before the network work it covers.
    if (this.db.inTransaction()) throw new Error('OutboxRelay.claimIn must not run inside a transaction');
    return this.db.transaction(async () => {
      await this.db.all(SORT_OFF);
      return this.db.all(claim({ limit, leaseSeconds: this.leaseSeconds, workspaceIds: group === ALL ? null : [...group] }));
    });
  }

  private async drainOneByOne(): Promise<number> {
    let done = 0;
    for (let i = 0; i < BATCH; i++) {
      const [row] = await this.claimDue(1);
      if (!row) break;
      try {
        await this.publish([row], async () => undefined);
        done += 1;
      } catch (err) {
        if (this.outage?.failed(this.name, err)) throw err; // not the row's fault: no back-off, no line of its own
        this.logger.error({ err, seq: row.seq }, 'Outbox row failed; backing off');
        await this.db.all(
          outbox
            .updateTable('outbox')
            .set({
              last_error: sql<string>`left(${String((err as Error)?.message ?? err)}, 500)`,
              available_at: sql<Date>`now() + make_interval(secs => least(power(2, attempts), ${MAX_BACKOFF_S}))`,
            })
            .where('workspace_id', '=', row.workspace_id)
            .where('seq', '=', row.seq),
        );
      }
    }
    return done;
  }

  /** Each subscriber's `prepare` (outside any transaction), then every `handle` and the mark in one transaction. */
  private async publish(rows: ClaimedRow[], beforeWrite: () => Promise<void>): Promise<void> {
    const messages: PublishedEvent[] = rows.map((r) => ({
      seq: Number(r.seq),
      eventId: r.event_id,
      workspaceId: r.workspace_id,
      type: r.type,
      data: r.payload.data,
      createdAt: r.created_at,
      traceparent: r.traceparent,
    }));
    return publishTraced(messages, (traced) => this.publishAll(rows, traced, beforeWrite));
  }

  private async publishAll(rows: ClaimedRow[], messages: PublishedEvent[], beforeWrite: () => Promise<void>): Promise<void> {
    const commit = commitSignal();
    try {
      const preparations: unknown[] = [];
      for (const subscriber of this.subscribers) preparations.push(await subscriber.prepare?.(messages, commit.promise));
      await beforeWrite();
      const keys = keysOf(rows);
      const route = (await isDistributed(this.db)) ? keys.workspaceIds : null; // asked outside the batch's transaction
      await this.db.transaction(async () => {
        // Marked first: the row locks order this batch against an erasure rewriting the same rows, and the
        // subscribers write what the rows hold now (a payload redacted since the claim, redacted).
        const marked = await this.db.all(markPublished({ ...keys, route }));
        const current = new Map(marked.map((r) => [Number(r.seq), r.payload.data]));
        const fresh = messages.map((m) => (current.has(m.seq) ? { ...m, data: current.get(m.seq) } : m));
        for (const [i, subscriber] of this.subscribers.entries()) await subscriber.handle(fresh, preparations[i], commit.promise);
      });
      commit.settle(true);
    } catch (err) {
      commit.settle(false);
      throw err;
    }
  }
}
