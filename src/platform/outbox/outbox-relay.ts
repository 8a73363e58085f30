import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { PgListener } from '../database/pg-listener.js';
import { prepared, sql, type Slots } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { PollingLoop } from '../workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../workers/worker-host.js';
import type { PublishedEvent } from './outbox.js';
import { outbox, type OutboxDb } from './outbox.table.js';

/**
 * A consumer of outbox rows. `handle` runs inside the transaction that marks the rows done, so its own
 * writes (for example webhook deliveries) commit atomically with that mark; `committed` settles when that
 * transaction ends (true once it committed), for work that must follow the commit.
 */
export interface OutboxSubscriber {
  handle(rows: PublishedEvent[], committed?: Promise<boolean>): Promise<void>;
}

/** A promise settled by hand: whether a transaction committed. */
function commitSignal(): { promise: Promise<boolean>; settle: (committed: boolean) => void } {
  let settle!: (committed: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}
export const OUTBOX_SUBSCRIBERS = Symbol('OUTBOX_SUBSCRIBERS');

const CLAIMED = ['seq', 'event_id', 'workspace_id', 'type', 'payload', 'created_at'] as const;

/** Marks up to `limit` due rows published (the oldest first, skipping rows another relay holds) and returns them; compiled once. */
const claim = prepared((p: Slots<{ limit: number }>) =>
  outbox
    .updateTable('outbox')
    .set((eb) => ({ processed_at: sql`now()`, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('seq', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('seq')
        .where('processed_at', 'is', null)
        .where('available_at', '<=', sql<Date>`now()`)
        .orderBy('seq')
        .limit(p.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(CLAIMED),
);

type ClaimedRow = Pick<Selectable<OutboxDb['outbox']>, (typeof CLAIMED)[number]>;

const BATCH = 200;
const POLL_MS = 2_000;
const MAX_BACKOFF_S = 300;

/**
 * Publishes outbox rows: woken by LISTEN/NOTIFY (a trigger notifies on insert), with a polling backstop.
 * Rows are claimed with `FOR UPDATE SKIP LOCKED`, so any number of relays can run side by side.
 * A failing batch is retried row by row; a failing row backs off exponentially and never blocks others.
 */
@Injectable()
export class OutboxRelay implements BackgroundWorker {
  readonly name = 'outbox-relay';
  private readonly logger = new Logger('OutboxRelay');
  private readonly loop = new PollingLoop(
    () => this.drainOnce(),
    POLL_MS,
    (err) => this.logger.error({ err }, 'Outbox relay error'),
  );
  private readonly listener: PgListener;

  constructor(
    private readonly db: Sql,
    @Optional() @Inject(OUTBOX_SUBSCRIBERS) private readonly subscribers: OutboxSubscriber[] = [],
    @Optional() registry?: WorkerRegistry,
  ) {
    this.listener = new PgListener(db.workerPool, 'outbox', () => this.loop.wake());
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
    await this.listener.stop();
  }

  /** Deletes rows published more than `days` ago; returns how many. */
  async purgeProcessed(days = 7): Promise<number> {
    const rows = await this.db.all(
      outbox
        .deleteFrom('outbox')
        .where('processed_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
        .returning('seq'),
    );
    return rows.length;
  }

  /** Claims and publishes one batch; returns the number of rows marked done. */
  async drainOnce(): Promise<number> {
    const commit = commitSignal();
    try {
      const n = await this.db.transaction(async () => {
        const rows = await this.db.all(claim({ limit: BATCH }));
        if (rows.length > 0)
          await this.publish(
            rows.sort((a, b) => Number(a.seq) - Number(b.seq)),
            commit.promise,
          );
        return rows.length;
      });
      commit.settle(true);
      return n;
    } catch (err) {
      commit.settle(false);
      this.logger.warn({ err }, 'Outbox batch failed; retrying row by row');
      return this.drainOneByOne();
    }
  }

  private async drainOneByOne(): Promise<number> {
    let done = 0;
    for (let i = 0; i < BATCH; i++) {
      let claimedSeq: string | undefined;
      const commit = commitSignal();
      try {
        const n = await this.db.transaction(async () => {
          const rows = await this.db.all(claim({ limit: 1 }));
          claimedSeq = rows[0]?.seq;
          if (rows.length > 0) await this.publish(rows, commit.promise);
          return rows.length;
        });
        commit.settle(true);
        if (n === 0) break;
        done += n;
      } catch (err) {
        commit.settle(false);
        if (!claimedSeq) throw err;
        this.logger.error({ err, seq: claimedSeq }, 'Outbox row failed; backing off');
        await this.db.all(
          outbox
            .updateTable('outbox')
            .set((eb) => ({
              attempts: eb('attempts', '+', 1),
              last_error: sql<string>`left(${String((err as Error)?.message ?? err)}, 500)`,
              available_at: sql<Date>`now() + make_interval(secs => least(power(2, attempts), ${MAX_BACKOFF_S}))`,
            }))
            .where('seq', '=', claimedSeq),
        );
      }
    }
    return done;
  }

  private async publish(rows: ClaimedRow[], committed: Promise<boolean>): Promise<void> {
    const messages: PublishedEvent[] = rows.map((r) => ({
      seq: Number(r.seq),
      eventId: r.event_id,
      workspaceId: r.workspace_id,
      type: r.type,
      data: r.payload.data,
      createdAt: r.created_at,
    }));
    for (const subscriber of this.subscribers) await subscriber.handle(messages, committed);
  }
}
