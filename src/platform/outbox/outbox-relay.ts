import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { PgListener } from '../database/pg-listener.js';
import { Sql } from '../database/sql.js';
import { PollingLoop } from '../workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../workers/worker-host.js';
import type { OutboxRow } from './outbox.js';

/**
 * A consumer of outbox rows. `handle` runs inside the transaction that marks the rows done, so its own
 * writes (for example webhook deliveries) commit atomically with that mark.
 */
export interface OutboxSubscriber {
  handle(rows: OutboxRow[]): Promise<void>;
}
export const OUTBOX_SUBSCRIBERS = Symbol('OUTBOX_SUBSCRIBERS');

interface ClaimedRow {
  seq: string;
  event_id: string;
  workspace_id: string;
  type: string;
  payload: { data: unknown };
  created_at: Date;
}

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
    private readonly sql: Sql,
    @Optional() @Inject(OUTBOX_SUBSCRIBERS) private readonly subscribers: OutboxSubscriber[] = [],
    @Optional() registry?: WorkerRegistry,
  ) {
    this.listener = new PgListener(sql.workerPool, 'outbox', () => this.loop.wake());
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
    const rows = await this.sql.all(`DELETE FROM outbox WHERE processed_at < now() - make_interval(days => ?) RETURNING seq`, [days]);
    return rows.length;
  }

  /** Claims and publishes one batch; returns the number of rows marked done. */
  async drainOnce(): Promise<number> {
    try {
      return await this.sql.transaction(async () => {
        const rows = await this.sql.all<ClaimedRow>(
          `UPDATE outbox SET processed_at = now(), attempts = attempts + 1, last_error = NULL
            WHERE seq IN (SELECT seq FROM outbox WHERE processed_at IS NULL AND available_at <= now()
                          ORDER BY seq LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING seq, event_id, workspace_id, type, payload, created_at`,
          [BATCH],
        );
        if (rows.length > 0) await this.publish(rows.sort((a, b) => Number(a.seq) - Number(b.seq)));
        return rows.length;
      });
    } catch (err) {
      this.logger.warn({ err }, 'Outbox batch failed; retrying row by row');
      return this.drainOneByOne();
    }
  }

  private async drainOneByOne(): Promise<number> {
    let done = 0;
    for (let i = 0; i < BATCH; i++) {
      let claimedSeq: string | undefined;
      try {
        const n = await this.sql.transaction(async () => {
          const rows = await this.sql.all<ClaimedRow>(
            `UPDATE outbox SET processed_at = now(), attempts = attempts + 1, last_error = NULL
              WHERE seq = (SELECT seq FROM outbox WHERE processed_at IS NULL AND available_at <= now()
                           ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
              RETURNING seq, event_id, workspace_id, type, payload, created_at`,
          );
          claimedSeq = rows[0]?.seq;
          if (rows.length > 0) await this.publish(rows);
          return rows.length;
        });
        if (n === 0) break;
        done += n;
      } catch (err) {
        if (!claimedSeq) throw err;
        this.logger.error({ err, seq: claimedSeq }, 'Outbox row failed; backing off');
        await this.sql.all(
          `UPDATE outbox SET attempts = attempts + 1, last_error = left(?, 500),
                  available_at = now() + make_interval(secs => least(power(2, attempts), ?))
            WHERE seq = ?`,
          [String((err as Error)?.message ?? err), MAX_BACKOFF_S, claimedSeq],
        );
      }
    }
    return done;
  }

  private async publish(rows: ClaimedRow[]): Promise<void> {
    const messages: OutboxRow[] = rows.map((r) => ({
      seq: Number(r.seq),
      eventId: r.event_id,
      workspaceId: r.workspace_id,
      type: r.type,
      data: r.payload.data,
      createdAt: new Date(r.created_at),
    }));
    for (const subscriber of this.subscribers) await subscriber.handle(messages);
  }
}
