import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { DatabaseOutage } from '../../platform/observability/database-outage.js';
import { Metrics } from '../../platform/observability/metrics.js';
import type { RecordedVisit } from '../domain/visit-batch.js';
import { AnalyticsStore } from './ports/analytics.ports.js';

/** How the visits of this process are buffered (docs/adr/0029). */
export const VISIT_BUFFER = {
  /** written at least this often */
  intervalMs: 1_000,
  /** written at once when this many are waiting */
  flushAt: 1_000,
  /** at most this many per transaction */
  batchMax: 5_000,
  /** kept at most while the database cannot take them (an outage); past it the oldest are dropped (VISIT_BUFFER_MAX) */
  capacity: 100_000,
} as const;

/**
 * The visits of this process, written in batches: a view or click is added to the buffer (no transaction of
 * its own), and the buffer is written at least once a second, at once when it grows large, and at shutdown.
 * One batch is written at a time. A batch that fails (the database is down) goes back to the front of the
 * buffer and is tried again on the next tick; only past its capacity (VISIT_BUFFER_MAX waiting, besides the one
 * batch being written) are the oldest visits dropped: served but not counted, counted in `site_views_not_counted_total`
 * (reason `buffer_full`) and logged at most every 10 s, so memory never grows past the bound (docs/adr/0037). An
 * outage is logged by DatabaseOutage, once, not at every try. A crash loses at most what was added since the last
 * write: about a second of views and clicks. Contacts never go through here.
 */
@Injectable()
export class VisitRecorder implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  private pending: RecordedVisit[] = [];
  private writing: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** visits ever added, and visits written or dropped: a flush waits until the second reaches the first as it was */
  private added = 0;
  private settled = 0;

  private readonly capacity: number;
  private readonly outage: DatabaseOutage;

  constructor(
    private readonly store: AnalyticsStore,
    @Optional() @Inject(APP_CONFIG) config?: AppConfig,
    @Optional() private readonly metrics?: Metrics,
    @Optional() outage?: DatabaseOutage,
  ) {
    this.capacity = config?.site.visitBufferMax ?? VISIT_BUFFER.capacity;
    this.outage = outage ?? new DatabaseOutage();
  }

  add(visit: RecordedVisit): void {
    this.pending.push(visit);
    this.added++;
    if (this.pending.length > this.capacity) this.drop(this.pending.length - this.capacity);
    if (this.pending.length >= VISIT_BUFFER.flushAt && !this.writing) void this.writeBatch();
  }

  /** Visits waiting to be written. */
  get size(): number {
    return this.pending.length;
  }

  /**
   * Writes every visit added before the call (read-your-writes within this process). False when the database
   * did not take them; they stay buffered for the next try.
   */
  async flush(): Promise<boolean> {
    const target = this.added;
    while (this.settled < target) {
      const ok = await (this.writing ?? this.writeBatch());
      if (!ok) return false;
    }
    return true;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.pending.length && !this.writing) void this.writeBatch();
    }, VISIT_BUFFER.intervalMs);
    this.timer.unref();
  }

  /** Before the HTTP server closes: what was counted so far. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  /** After it closed (requests in flight finished meanwhile), before the pools close: the rest. */
  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!(await this.flush()) && this.pending.length)
      this.logger.error({ lost: this.pending.length }, 'Visits not written at shutdown: the database did not take them');
  }

  private writeBatch(): Promise<boolean> {
    const batch = this.pending.splice(0, VISIT_BUFFER.batchMax);
    const written = this.store.recordBatch(batch).then(
      () => {
        this.settled += batch.length;
        this.outage.reachable('visit writer');
        return true;
      },
      (err: unknown) => {
        this.pending = batch.concat(this.pending);
        if (this.pending.length > this.capacity) this.drop(this.pending.length - this.capacity);
        if (!this.outage.failed('visit writer', err))
          this.logger.warn({ err, waiting: this.pending.length }, 'Visits not written yet; trying again');
        return false;
      },
    );
    this.writing = written.finally(() => (this.writing = null));
    return this.writing;
  }

  private dropped = 0;
  private droppedLoggedAt = 0;

  /** Drops the oldest visits; says so at most every 10 s (an outage must not also flood the logs). */
  private drop(count: number): void {
    this.pending.splice(0, count);
    this.settled += count;
    this.dropped += count;
    this.metrics?.viewsNotCounted.inc({ reason: 'buffer_full' }, count);
    if (Date.now() - this.droppedLoggedAt < 10_000) return;
    this.droppedLoggedAt = Date.now();
    this.logger.error({ dropped: this.dropped }, 'Visit buffer full (is the database down?): the oldest visits were dropped');
    this.dropped = 0;
  }
}
