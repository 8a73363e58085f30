import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { DatabaseOutage } from '../../../platform/observability/database-outage.js';
import { Clock } from '../../../platform/time/clock.js';
import { type DeliveryState } from '../../domain/delivery/model.js';
import { retryPolicyFrom, type RetryPolicy } from '../../domain/delivery/decider.js';
import {
  decideOutcomes,
  endpointCounterEffect,
  moveEndpointCounters,
  planRecording,
  type ClaimedOutcome,
  type RecordingPlan,
  type SkipReason,
} from '../../domain/recording.js';
import {
  BatchTransactions,
  DeliveryStore,
  EndpointRepository,
  OwnerNotifier,
  type NewStream,
  type WorkspaceKey,
} from '../ports/webhook.ports.js';

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
 * The one writer of attempt outcomes (docs/adr/0079), for a first attempt and a retry alike, deciding with the same
 * pure planner (domain/recording.ts, where endpoint counters move) from rows it has locked. `record` groups the
 * outcomes of the dispatcher's attempts into transactions of its own (group commit: what queued while one was written
 * goes into the next, at a fixed number of statements); `write` starts a fan-out's streams in the relay's
 * transaction, those already answered with their outcome. A group that fails is recorded one by one; what still
 * fails is logged and its lease runs out (sent again: at-least-once).
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
   * In the caller's transaction (the relay's): starts the `born` streams of a fan-out, those whose first attempt was
   * answered with its outcome (`outcomes`, decided from their first state: an attempt's outcome does not depend on
   * its endpoint), each written once. A born stream whose (event, endpoint) pair is written already (a batch fanned
   * out again) is skipped by the insert. Then the endpoints of the streams written whose counters move are locked, in
   * id order (a new row locks nothing another writer waits on, so this order cannot deadlock), and counted.
   */
  write(born: readonly NewStream[], outcomes: readonly ClaimedOutcome[]): Promise<void> {
    return this.transactions.run(async () => {
      const firsts = new Map<string, DeliveryState>(born.map((b) => [b.deliveryId, b.state]));
      const { appends } = decideOutcomes(outcomes, firsts, () => 'active', this.policy);
      const appended = new Map(appends.map((a) => [a.deliveryId, a]));
      // Answered already: written once, with its outcome and without a lease.
      const streams = born.map((b) => {
        const more = appended.get(b.deliveryId);
        return more ? { deliveryId: b.deliveryId, events: [...b.events, ...more.events], state: more.state } : b;
      });
      const created = await this.store.createMany(streams);
      const moving = streams.filter((w) => created.has(w.deliveryId) && endpointCounterEffect(w.events) !== null);
      if (moving.length === 0) return;
      const endpoints = await this.endpoints.lockMany(moving.map((w) => ({ workspaceId: w.state.workspaceId, id: w.state.endpointId })));
      await this.save(moveEndpointCounters(moving, endpoints, this.clock.now()));
    });
  }

  /**
   * Records outcomes of existing streams in one transaction: their endpoints are locked, then the streams, each in id
   * order (the order DELETE endpoint takes, so the two cannot deadlock); the plan (`planRecording`) is decided from
   * what the locks hold, and applied.
   */
  private inOneTransaction(outcomes: readonly ClaimedOutcome[]): Promise<Detailed> {
    return this.transactions.run(async () => {
      const endpoints = await this.endpoints.lockMany(outcomes.map((o) => ({ workspaceId: o.workspaceId, id: o.endpointId })));
      const live = outcomes.filter((o) => endpoints.has(o.endpointId));
      const locked = await this.store.lockMany(live.map((o) => ({ workspaceId: o.workspaceId, id: o.deliveryId })));
      const byId = new Map(live.map((o) => [o.deliveryId, o]));
      const streams = new Map<string, DeliveryState>();
      const unloaded: WorkspaceKey[] = [];
      for (const [id, version] of locked) {
        const o = byId.get(id)!;
        if (o.claimed && o.claimed.version === version) streams.set(id, o.claimed);
        else unloaded.push({ workspaceId: o.workspaceId, id });
      }
      // A snapshot that moved, or an outcome without one: the stream as it stands (locked already).
      for (const [id, l] of await this.store.loadMany(unloaded)) streams.set(id, l.state);
      const plan = planRecording(outcomes, streams, endpoints, this.policy, this.clock.now());
      const written = await this.store.appendMany(plan.appends);
      const expected = plan.appends.filter((a) => a.events.length > 0).map((a) => a.deliveryId);
      if (expected.some((id) => !written.has(id))) throw new Error('a delivery stream moved while it was locked');
      await this.save(plan);
      return { recorded: expected, skipped: plan.skipped, failed: [] };
    });
  }

  /** Saves the counters that moved, and tells the owners of the endpoints they disabled. */
  private async save(moved: Pick<RecordingPlan, 'changedEndpoints' | 'disabled'>): Promise<void> {
    await this.endpoints.saveDeliveryCounters(moved.changedEndpoints);
    for (const disabled of moved.disabled) await this.notifier.endpointDisabled(disabled);
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
      summary = await this.inOneTransaction(outcomes);
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
