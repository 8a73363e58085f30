import { type DeliveryEvent, type DeliveryState, type HoldForDisabledEndpoint, type RecordAttempt } from './delivery/model.js';
import { decideAndFold, type RetryPolicy, type Step } from './delivery/decider.js';
import type { Endpoint, EndpointAutoDisabled } from './endpoint.js';

/**
 * Recording the outcomes of attempts, many at once (first attempts and retries alike): the pure part of the
 * DeliveryRecorder. Given the streams and endpoints as they stand under its locks, it decides every outcome in order
 * with the delivery decider and moves each endpoint's counters (`moveEndpointCounter`, the one place they move), as
 * if each outcome had been recorded on its own, one after the other.
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

/** What an outcome's endpoint is, for deciding it: gone (deleted), active, or disabled. */
export type EndpointStanding = 'gone' | 'active' | 'disabled';

/** The decisions of a group of outcomes: the events each stream gets, and what was left out. */
export interface Decisions {
  appends: StreamAppend[];
  skipped: RecordingPlan['skipped'];
}

/**
 * Decides `outcomes` (in the order they are to be applied) against the streams' current states (`streams`; absent:
 * gone): the events each stream gets, as if each outcome had been recorded on its own, one after the other. It reads
 * nothing of an endpoint but its standing (`standing`), and moves nothing. An outcome whose delivery or endpoint is
 * gone, or whose stream is no longer at the claimed version, is skipped without affecting the others. A delivery
 * listed twice (claimed again after its lease ran out) is decided once: the second outcome finds the stream moved.
 */
export function decideOutcomes(
  outcomes: readonly ClaimedOutcome[],
  streams: ReadonlyMap<string, DeliveryState>,
  standing: (endpointId: string) => EndpointStanding,
  policy: RetryPolicy,
  /** told of each append as it is decided, before the next outcome is (the recorder moves counters here) */
  onAppend: (append: StreamAppend) => void = () => undefined,
): Decisions {
  const current = new Map(streams);
  const appends = new Map<string, StreamAppend>();
  const skipped: RecordingPlan['skipped'] = [];
  for (const o of outcomes) {
    const endpoint = standing(o.endpointId);
    const state = current.get(o.deliveryId);
    if (endpoint === 'gone' || !state) {
      skipped.push({ deliveryId: o.deliveryId, reason: 'gone' });
      continue;
    }
    if (state.version !== o.claimedVersion) {
      skipped.push({ deliveryId: o.deliveryId, reason: 'moved' });
      continue;
    }
    // Re-enabled since the dispatcher looked: leave it PENDING; it is sent once the lease runs out.
    if (o.command.type === 'HoldForDisabledEndpoint' && endpoint === 'active') {
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
    const append = { deliveryId: o.deliveryId, expectedVersion: state.version, events, state: next };
    appends.set(o.deliveryId, append);
    onAppend(append);
  }
  return { appends: [...appends.values()], skipped };
}

/**
 * The one place an endpoint's counters move: a stream's new events that end in a success reset its consecutive
 * failures, the end of a ladder counts one (the 20th disables an active endpoint: returned, for its owner). `endpoint`
 * is the aggregate as loaded under its lock, moved in place; true when it changed.
 */
export function moveEndpointCounter(
  endpoint: Endpoint,
  events: readonly DeliveryEvent[],
  now: Date,
  disabled: EndpointAutoDisabled[],
): boolean {
  const effect = endpointCounterEffect(events);
  if (effect === 'succeeded') endpoint.recordDeliverySucceeded(now);
  else if (effect === 'failed') {
    endpoint.recordDeliveryFailed(now);
    disabled.push(...endpoint.pullEvents());
  }
  return effect !== null;
}

/**
 * `moveEndpointCounter` for each new stream written, in order; `endpoints` as loaded under their locks, taken after the
 * streams were written (a new row locks nothing another writer can wait on).
 */
export function moveEndpointCounters(
  written: readonly { state: DeliveryState; events: readonly DeliveryEvent[] }[],
  endpoints: ReadonlyMap<string, Endpoint>,
  now: Date,
): Pick<RecordingPlan, 'changedEndpoints' | 'disabled'> {
  const changed = new Set<Endpoint>();
  const disabled: EndpointAutoDisabled[] = [];
  for (const w of written) {
    const endpoint = endpoints.get(w.state.endpointId);
    if (endpoint && moveEndpointCounter(endpoint, w.events, now, disabled)) changed.add(endpoint);
  }
  return { changedEndpoints: [...changed], disabled };
}

/**
 * Plans the recording of `outcomes` (in the order they are to be applied) under the recorder's locks: `streams` and
 * `endpoints` as loaded under them. The decisions (`decideOutcomes`), then the counters they move
 * (`moveEndpointCounter`, as each is decided; the endpoint aggregates are moved in place, `changedEndpoints` lists
 * those to save).
 */
export function planRecording(
  outcomes: readonly ClaimedOutcome[],
  streams: ReadonlyMap<string, DeliveryState>,
  endpoints: ReadonlyMap<string, Endpoint>,
  policy: RetryPolicy,
  now: Date,
): RecordingPlan {
  const standing = (id: string): EndpointStanding => {
    const endpoint = endpoints.get(id);
    return !endpoint ? 'gone' : endpoint.isActive() ? 'active' : 'disabled';
  };
  const changed = new Set<Endpoint>();
  const disabled: EndpointAutoDisabled[] = [];
  // Counters move as each outcome is decided: a later outcome sees its endpoint as the earlier ones left it.
  const { appends, skipped } = decideOutcomes(outcomes, streams, standing, policy, (append) => {
    const endpoint = endpoints.get(append.state.endpointId)!;
    if (moveEndpointCounter(endpoint, append.events, now, disabled)) changed.add(endpoint);
  });
  return { appends, skipped, changedEndpoints: [...changed], disabled };
}
