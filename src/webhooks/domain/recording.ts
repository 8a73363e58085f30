import {
  decideAndFold,
  type DeliveryEvent,
  type DeliveryState,
  type HoldForDisabledEndpoint,
  type RecordAttempt,
  type RetryPolicy,
  type Step,
} from './delivery/index.js';
import type { Endpoint, EndpointAutoDisabled } from './endpoint.js';

/**
 * Recording what a dispatcher did with the deliveries it claimed, many at once: the pure part of the
 * dispatcher's group commit. Given the streams and endpoints as they stand under their locks, it decides
 * every outcome in order with the delivery decider and moves each endpoint's counters, as if each outcome
 * had been recorded on its own, one after the other.
 */

/** One outcome to record: the command, and the stream version the delivery had when it was claimed. */
export interface ClaimedOutcome {
  deliveryId: string;
  workspaceId: string;
  endpointId: string;
  claimedVersion: number;
  /** the stream's state at `claimedVersion`, as the claim read it (lets the recorder decide without a reload) */
  claimed?: DeliveryState;
  command: RecordAttempt | HoldForDisabledEndpoint;
}

/** The events to append to one stream, at the version it stands at under its lock. */
export interface StreamAppend {
  deliveryId: string;
  expectedVersion: number;
  events: DeliveryEvent[];
  state: DeliveryState;
}

export type SkipReason =
  /** the stream is gone (its endpoint was deleted) */
  | 'gone'
  /** the stream moved since the claim (a resend, or another dispatcher after the lease ran out): the newer state wins */
  | 'moved'
  /** a hold for a disabled endpoint that is active again: left PENDING, sent once the lease runs out */
  | 'endpoint_active'
  /** the decider refused the command (it cannot apply to the stream as it stands) */
  | 'rejected';

export interface RecordingPlan {
  /** at most one per delivery, in the order of the outcomes */
  appends: StreamAppend[];
  skipped: { deliveryId: string; reason: SkipReason; detail?: string }[];
  /** endpoints whose counters or status moved (each once, however many outcomes touched it) */
  changedEndpoints: Endpoint[];
  /** endpoints disabled by their 20th consecutive failed delivery, for the owner's notification */
  disabled: EndpointAutoDisabled[];
}

/** The endpoint counter a stream's new events move: a success resets it, the end of a ladder counts a failure. */
export function endpointCounterEffect(events: readonly DeliveryEvent[]): 'succeeded' | 'failed' | null {
  if (events.some((e) => e.type === 'AttemptSucceeded')) return 'succeeded';
  if (events.some((e) => e.type === 'DeliveryFailed')) return 'failed';
  return null;
}

/**
 * Plans the recording of `outcomes` (in the order they are to be applied). `streams` holds the current state
 * of each delivery (absent: gone) and `endpoints` the endpoint aggregates, both as loaded under their locks;
 * the endpoint aggregates are moved in place (`changedEndpoints` lists those to save). An outcome whose
 * delivery or endpoint is gone, or whose stream is no longer at the claimed version, is skipped without
 * affecting the others. A delivery listed twice (claimed again after its lease ran out) is decided once: the
 * second outcome finds the stream moved.
 */
export function planRecording(
  outcomes: readonly ClaimedOutcome[],
  streams: ReadonlyMap<string, DeliveryState>,
  endpoints: ReadonlyMap<string, Endpoint>,
  policy: RetryPolicy,
  now: Date,
): RecordingPlan {
  const current = new Map(streams);
  const appends = new Map<string, StreamAppend>();
  const skipped: RecordingPlan['skipped'] = [];
  const changed = new Set<Endpoint>();
  const disabled: EndpointAutoDisabled[] = [];

  for (const o of outcomes) {
    const endpoint = endpoints.get(o.endpointId);
    const state = current.get(o.deliveryId);
    if (!endpoint || !state) {
      skipped.push({ deliveryId: o.deliveryId, reason: 'gone' });
      continue;
    }
    if (state.version !== o.claimedVersion) {
      skipped.push({ deliveryId: o.deliveryId, reason: 'moved' });
      continue;
    }
    // Re-enabled since the dispatcher looked: leave it PENDING; it is sent once the lease runs out.
    if (o.command.type === 'HoldForDisabledEndpoint' && endpoint.isActive()) {
      skipped.push({ deliveryId: o.deliveryId, reason: 'endpoint_active' });
      continue;
    }
    let step: Step;
    try {
      step = decideAndFold(o.command, state, policy);
    } catch (err) {
      skipped.push({ deliveryId: o.deliveryId, reason: 'rejected', detail: (err as Error).message });
      continue;
    }
    const { events, state: next } = step;
    if (events.length === 0) continue;
    current.set(o.deliveryId, next);
    // A second outcome for this delivery (claimed again after its lease ran out) now finds it moved.
    appends.set(o.deliveryId, { deliveryId: o.deliveryId, expectedVersion: state.version, events, state: next });
    const effect = endpointCounterEffect(events);
    if (effect === 'succeeded') {
      endpoint.recordDeliverySucceeded(now);
      changed.add(endpoint);
    } else if (effect === 'failed') {
      endpoint.recordDeliveryFailed(now);
      changed.add(endpoint);
      disabled.push(...endpoint.pullEvents());
    }
  }
  return { appends: [...appends.values()], skipped, changedEndpoints: [...changed], disabled };
}
