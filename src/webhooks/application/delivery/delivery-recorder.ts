import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { DatabaseOutage } from '../../../platform/observability/database-outage.js';
import { Clock } from '../../../platform/time/clock.js';
import { type DeliveryState } from '../../domain/delivery/model.js';
import { retryPolicyFrom, type RetryPolicy } from '../../domain/delivery/decider.js';
import { planRecording, type ClaimedOutcome, type RecordingPlan, type SkipReason } from '../../domain/recording.js';
import { BatchTransactions, DeliveryStore, EndpointRepository, OwnerNotifier, type NewStream } from '../ports/webhook.ports.js';

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

type Detailed = Omit<RecordingSummary, 'skipped'> & { skipped: RecordingPlan['skipped'] };

interface Queued {
  outcomes: readonly ClaimedOutcome[];
  done: (summary: RecordingSummary) => void;
}

const nothing = (): RecordingSummary => ({ recorded: [], skipped: [], failed: [] });

/**
 * The one writer of attempt outcomes (docs/adr/0079), for a first attempt and a retry alike. `write` applies outcomes,
 * and the new streams a fan-out starts (`born`), in the caller's transaction; `record` groups the outcomes of the
 * dispatcher's attempts into transactions of its own (group commit: what queued while one was written goes into the
 * next, at a fixed number of statements). Either way, in this order: the outcomes' endpoints are locked, then the
 * streams, each in id order (as DELETE endpoint does, so the two cannot deadlock); the plan (`planRecording`, pure) is
 * decided from what the locks hold; the streams are written and the counters saved. A group that fails is recorded
 * one by one; what still fails is logged and its lease runs out (sent again: at-least-once).
 */
@Injectable()
export class DeliveryRecorder {
  private readonly logger = new Logger(DeliveryRecorder.name);
  private readonly policy: RetryPolicy;
  private queue: Queued[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly transactions: BatchTransactions,
    private readonly endpoints: EndpointRepository,
    private readonly store: DeliveryStore,
    private readonly notifier: OwnerNotifier,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly outage?: DatabaseOutage,
  ) {
    this.policy = retryPolicyFrom(config.webhookRetryDelays);
  }

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

  /**
   * In the caller's transaction: starts the `born` streams (an outcome of one is decided from its first state) and
   * applies `outcomes`. A born stream whose (event, endpoint) pair is written already (a batch fanned out again) is
   * left as it is, and so is one whose endpoint is gone. Throws when a write finds a row the locks did not hold.
   */
  write(born: readonly NewStream[], outcomes: readonly ClaimedOutcome[]): Promise<Detailed> {
    // Joins the caller's transaction, and has its statements find rows through indexes (BatchTransactions).
    return this.transactions.run(() => this.apply(born, outcomes));
  }

  private async apply(born: readonly NewStream[], outcomes: readonly ClaimedOutcome[]): Promise<Detailed> {
    const now = this.clock.now();
    const endpoints = await this.endpoints.lockMany(outcomes.map((o) => ({ workspaceId: o.workspaceId, id: o.endpointId })));
    const bornIds = new Set(born.map((b) => b.deliveryId));
    const existing = outcomes.filter((o) => !bornIds.has(o.deliveryId));
    const locked = await this.store.lockMany({
      workspaceIds: [...existing.map((o) => o.workspaceId), ...born.map((b) => b.state.workspaceId)],
      ids: existing.map((o) => o.deliveryId),
      eventIds: born.map((b) => b.state.eventId),
    });
    const written = new Set(locked.map((l) => `${l.endpointId} ${l.eventId}`));
    const attempted = new Set(outcomes.map((o) => o.deliveryId));
    // Not started: a stream written by an earlier fan-out of the same rows, or an answered one whose endpoint is gone.
    const fresh = born.filter(
      (b) =>
        !written.has(`${b.state.endpointId} ${b.state.eventId}`) && (!attempted.has(b.deliveryId) || endpoints.has(b.state.endpointId)),
    );
    const streams = new Map<string, DeliveryState>(fresh.map((b) => [b.deliveryId, b.state]));
    const byId = new Map(existing.map((o) => [o.deliveryId, o]));
    const unloaded = [];
    for (const l of locked) {
      const o = byId.get(l.id);
      if (!o) continue;
      if (o.claimed && o.claimed.version === l.version) streams.set(l.id, o.claimed);
      else unloaded.push({ workspaceId: o.workspaceId, id: l.id });
    }
    // A snapshot that moved, or an outcome without one: the stream as it stands (locked already).
    for (const [id, l] of await this.store.loadMany(unloaded)) streams.set(id, l.state);
    const plan = planRecording(outcomes, streams, endpoints, this.policy, now);

    const appended = new Map(plan.appends.map((a) => [a.deliveryId, a]));
    const starts = fresh.map((b) => {
      const more = appended.get(b.deliveryId);
      // Answered already: written once, with its outcome and without a lease.
      return more ? { deliveryId: b.deliveryId, events: [...b.events, ...more.events], state: more.state } : b;
    });
    const created = await this.store.createMany(starts);
    const appends = plan.appends.filter((a) => !bornIds.has(a.deliveryId));
    const moved = await this.store.appendMany(appends);
    if (created.size !== starts.length || moved.size !== appends.filter((a) => a.events.length > 0).length)
      throw new Error('a delivery stream was written by another transaction while this one held the locks');
    await this.endpoints.saveDeliveryCounters(plan.changedEndpoints);
    for (const disabled of plan.disabled) await this.notifier.endpointDisabled(disabled);
    return { recorded: plan.appends.filter((a) => a.events.length > 0).map((a) => a.deliveryId), skipped: plan.skipped, failed: [] };
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
      summary = await this.write([], outcomes);
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
