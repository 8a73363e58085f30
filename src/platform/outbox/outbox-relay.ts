import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { PgListener } from '../database/pg-listener.js';
import { sql } from '../database/query-builder.js';
import { claimByShardGroup, isDistributed } from '../database/shard-groups.js';
import { Sql } from '../database/sql.js';
import { DatabaseOutage } from '../observability/database-outage.js';
import { purgeInBatches } from '../workers/batched-delete.js';
import { PollingLoop } from '../workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../workers/worker-host.js';
import { OUTBOX_CHANNEL, type OutboxEvent } from './outbox.js';
import { backOff, dueWorkspaces, keysOf, leaseDue, markPublished, release, type ClaimedRow } from './outbox-relay.statements.js';
import { publishTraced } from './outbox-tracing.js';

/**
 * A consumer of outbox rows, in two steps. `prepare` (optional) runs outside any transaction once the rows are
 * leased to this relay: network work such as sending first webhook attempts. `handle` runs inside the
 * transaction that marks the rows published, so its writes (for example webhook deliveries) commit atomically
 * with that mark. `committed` settles when that transaction ends (true once it committed), for work that must
 * follow the commit; it settles false when the batch fails at any step.
 */
export interface OutboxSubscriber<P = unknown> {
  prepare?(rows: OutboxEvent[], committed: Promise<boolean>): Promise<P>;
  handle(rows: OutboxEvent[], prepared?: P, committed?: Promise<boolean>): Promise<void>;
}

/** A promise settled by hand: whether a transaction committed. */
function commitSignal(): { promise: Promise<boolean>; settle: (committed: boolean) => void } {
  let settle!: (committed: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}

/** Waits for `work`, but no longer than `ms` (at once when `ms` is not positive); `work` never rejects. */
async function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

const POLL_MS = 2_000;
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
  private readonly subscribers: OutboxSubscriber[] = [];
  private readonly leaseSeconds: number;
  /** OUTBOX_BATCH_SIZE: rows claimed at once */
  private readonly batch: number;
  /** OUTBOX_RELAY_PIPELINE: the next batch is claimed and sent while the one before is written */
  private readonly overlap: boolean;

  constructor(
    private readonly db: Sql,
    @Optional() registry?: WorkerRegistry,
    @Optional() @Inject(APP_CONFIG) config?: AppConfig,
    @Optional() private readonly outage?: DatabaseOutage,
  ) {
    this.leaseSeconds = config?.outboxLeaseSeconds ?? 30;
    this.batch = config?.outboxBatchSize ?? 200;
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
    const rows = await this.claimDue(this.batch);
    if (rows.length === 0) {
      await this.settled();
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
      .catch(async (err: unknown) => {
        // The database is unavailable: said once, by the outage (docs/adr/0060); row by row would fail alike.
        if (this.outage?.failed(this.name, err)) throw err;
        this.logger.warn({ err }, 'Outbox batch failed; retrying row by row');
        await previous;
        await this.db.all(release(keysOf(rows)));
        await this.drainOneByOne();
      })
      .catch((err: unknown) => {
        // One slot: a failure not yet reported when another comes is logged here rather than lost.
        if (this.writeFailure !== null && !this.outage?.failed(this.name, this.writeFailure))
          this.logger.error({ err: this.writeFailure }, 'Outbox relay error');
        this.writeFailure = err;
      });
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
   * Leases up to `limit` due rows, in publication order: on one PostgreSQL one statement over every workspace; on a
   * cluster sharded by workspace, one per shard group of the oldest due rows' workspaces (docs/adr/0053).
   */
  private async claimDue(limit: number): Promise<ClaimedRow[]> {
    const rows = await claimByShardGroup<ClaimedRow>(
      this.db,
      async () => (await this.db.all(dueWorkspaces({ limit }))).map((r) => r.workspace_id),
      (group, claimed) => leaseDue(this.db, group, limit - claimed.length, this.leaseSeconds),
      (claimed) => claimed.length >= limit,
    );
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  /** A failed batch again, row by row: a row that fails on its own backs off and holds no other back. */
  private async drainOneByOne(): Promise<void> {
    for (let i = 0; i < this.batch; i++) {
      const [row] = await this.claimDue(1);
      if (!row) break;
      try {
        await this.publish([row], async () => undefined);
      } catch (err) {
        if (this.outage?.failed(this.name, err)) throw err; // not the row's fault: no back-off, no line of its own
        this.logger.error({ err, seq: row.seq }, 'Outbox row failed; backing off');
        await this.db.all(backOff(row, err));
      }
    }
  }

  /** Each subscriber's `prepare` (outside any transaction), then every `handle` and the mark in one transaction. */
  private async publish(rows: ClaimedRow[], beforeWrite: () => Promise<void>): Promise<void> {
    const messages: OutboxEvent[] = rows.map((r) => ({
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

  private async publishAll(rows: ClaimedRow[], messages: OutboxEvent[], beforeWrite: () => Promise<void>): Promise<void> {
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
