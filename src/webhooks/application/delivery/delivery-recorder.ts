import { Injectable, Logger, Optional } from '@nestjs/common';
import { DatabaseOutage } from '../../../platform/observability/database-outage.js';
import { Clock } from '../../../platform/time/clock.js';
import type { DeliveryState } from '../../domain/delivery/index.js';
import { planRecording, type ClaimedOutcome, type RecordingPlan, type SkipReason } from '../../domain/recording.js';
import { DeliveryLog } from './delivery-log.js';
import { BatchTransactions } from '../ports/dispatch.ports.js';
import { DeliveryStore, EndpointRepository, OwnerNotifier, type WorkspaceKey } from '../ports/webhook.ports.js';

/** At most this many outcomes are recorded in one transaction. */
export const MAX_GROUP = 500;

export interface RecordingSummary {
  /** deliveries whose stream got the outcome's events */
  recorded: string[];
  /** outcomes left out on purpose (gone, moved since the claim, ...) */
  skipped: { deliveryId: string; reason: SkipReason }[];
  /** outcomes that could not be recorded (logged; the lease runs out and the delivery is sent again) */
  failed: string[];
}

/** A claimed snapshot was no longer current when its outcome was appended. */
class SnapshotMovedError extends Error {
  constructor() {
    super('a claimed delivery moved before its outcome was recorded');
  }
}

type Detailed = Omit<RecordingSummary, 'skipped'> & { skipped: RecordingPlan['skipped'] };

interface Queued {
  outcomes: readonly ClaimedOutcome[];
  done: (summary: RecordingSummary) => void;
}

const nothing = (): RecordingSummary => ({ recorded: [], skipped: [], failed: [] });

/**
 * Records the outcomes of attempts by group commit: what queued while one transaction was written goes into the
 * next, at a fixed number of statements. Endpoints are locked before deliveries, in id order, as DELETE endpoint
 * does, so the two cannot deadlock. A group that fails is recorded one by one; what still fails is logged and its
 * lease runs out (sent again: at-least-once).
 */
@Injectable()
export class DeliveryRecorder {
  private readonly logger = new Logger(DeliveryRecorder.name);
  private queue: Queued[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly transactions: BatchTransactions,
    private readonly endpoints: EndpointRepository,
    private readonly store: DeliveryStore,
    private readonly log: DeliveryLog,
    private readonly notifier: OwnerNotifier,
    private readonly clock: Clock,
    @Optional() private readonly outage?: DatabaseOutage,
  ) {}

  /**
   * Queues outcomes, in this order, for the next group (together, up to MAX_GROUP); resolves with what became of
   * them once they are recorded, skipped, or given up on (logged). Never rejects.
   */
  record(outcomes: readonly ClaimedOutcome[]): Promise<RecordingSummary> {
    if (outcomes.length === 0) return Promise.resolve(nothing());
    return new Promise<RecordingSummary>((done) => {
      this.queue.push({ outcomes, done });
      this.draining ??= this.drain();
    });
  }

  /** Resolves when every queued outcome has been dealt with. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const group = this.nextGroup();
        let summary = nothing();
        try {
          summary = await this.recordGroup(group.flatMap((q) => q.outcomes));
        } finally {
          for (const q of group) q.done(part(summary, q.outcomes));
        }
      }
    } finally {
      this.draining = null;
    }
  }

  /** The queued calls that fit in one group of MAX_GROUP outcomes (at least one call, however large). */
  private nextGroup(): Queued[] {
    let n = this.queue[0]!.outcomes.length;
    let calls = 1;
    while (calls < this.queue.length && n + this.queue[calls]!.outcomes.length <= MAX_GROUP) n += this.queue[calls++]!.outcomes.length;
    return this.queue.splice(0, calls);
  }

  /** Records `outcomes` (in this order) in one transaction, or one by one if that fails. Never throws. */
  private async recordGroup(outcomes: readonly ClaimedOutcome[]): Promise<RecordingSummary> {
    let summary: Detailed;
    try {
      try {
        summary = await this.inOneTransaction(outcomes, 'snapshot');
      } catch (err) {
        if (!(err instanceof SnapshotMovedError)) throw err;
        // A stream moved since its claim: decide the group again from the streams as they stand under their locks.
        summary = await this.inOneTransaction(outcomes, 'locked');
      }
    } catch (err) {
      // The database is unavailable: the outage is logged once (docs/adr/0060), and one by one would fail alike. The
      // leases run out and the deliveries are sent again once it is back (at-least-once).
      if (this.outage?.failed('webhook recorder', err)) return { ...nothing(), failed: outcomes.map((o) => o.deliveryId) };
      if (outcomes.length === 1) {
        this.logger.error({ err, delivery_id: outcomes[0]!.deliveryId }, 'Delivery attempt could not be recorded');
        return { ...nothing(), failed: [outcomes[0]!.deliveryId] };
      }
      this.logger.warn({ err, outcomes: outcomes.length }, 'Recording a group of delivery outcomes failed; recording them one by one');
      const each = nothing();
      for (const outcome of outcomes) {
        const one = await this.recordGroup([outcome]);
        each.recorded.push(...one.recorded);
        each.skipped.push(...one.skipped);
        each.failed.push(...one.failed);
      }
      return each;
    }
    for (const s of summary.skipped) {
      if (s.reason === 'moved')
        this.logger.log({ delivery_id: s.deliveryId }, 'Delivery changed while it was in flight; keeping the newer state');
      if (s.reason === 'rejected')
        this.logger.error({ delivery_id: s.deliveryId, detail: s.detail }, 'Delivery outcome refused by the delivery rules');
    }
    return { ...summary, skipped: summary.skipped.map(({ deliveryId, reason }) => ({ deliveryId, reason })) };
  }

  /**
   * `snapshot`: decides from the states the claims read (no reload); the append's compare-and-set on version
   * proves each one current, and a miss rolls the group back (SnapshotMovedError) to be decided again `locked`:
   * from the streams loaded under their locks.
   */
  private inOneTransaction(outcomes: readonly ClaimedOutcome[], mode: 'snapshot' | 'locked'): Promise<Detailed> {
    return this.transactions.run(async () => {
      const endpoints = await this.endpoints.lockMany(outcomes.map((o) => ({ workspaceId: o.workspaceId, id: o.endpointId })));
      const live = outcomes.filter((o) => endpoints.has(o.endpointId));
      const streams = new Map<string, DeliveryState>();
      const unknown: WorkspaceKey[] = [];
      for (const o of live) {
        if (mode === 'snapshot' && o.claimed) {
          if (!streams.has(o.deliveryId)) streams.set(o.deliveryId, o.claimed);
        } else unknown.push({ workspaceId: o.workspaceId, id: o.deliveryId });
      }
      for (const [id, l] of await this.store.loadMany(unknown, { lock: true })) streams.set(id, l.state);
      const plan = planRecording(outcomes, streams, endpoints, this.log.policy, this.clock.now());
      const moved = await this.log.append(plan.appends);
      if (moved.length > 0) {
        // Snapshots: one moved since its claim. Locked streams: the rows changed under the lock (never expected).
        if (mode === 'snapshot') throw new SnapshotMovedError();
        throw new Error('a delivery stream moved while it was locked');
      }
      const expected = plan.appends.filter((a) => a.events.length > 0);
      await this.endpoints.saveDeliveryCounters(plan.changedEndpoints);
      for (const disabled of plan.disabled) await this.notifier.endpointDisabled(disabled);
      return { recorded: expected.map((a) => a.deliveryId), skipped: plan.skipped, failed: [] };
    });
  }
}

/** The part of a group's summary that concerns these outcomes. */
function part(summary: RecordingSummary, outcomes: readonly ClaimedOutcome[]): RecordingSummary {
  const ids = new Set(outcomes.map((o) => o.deliveryId));
  return {
    recorded: summary.recorded.filter((id) => ids.has(id)),
    skipped: summary.skipped.filter((s) => ids.has(s.deliveryId)),
    failed: summary.failed.filter((id) => ids.has(id)),
  };
}
