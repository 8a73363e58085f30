import type { Clock } from '../../../platform/time/clock.js';
import type { RecordAttempt } from '../../domain/delivery/index.js';
import type { Endpoint } from '../../domain/endpoint.js';
import type { ClaimedDelivery } from '../ports/dispatch.ports.js';
import type { EndpointRepository, Envelope, PreparedTarget, WebhookTransport } from '../ports/webhook.ports.js';
import type { InFlightDeliveries, Slots } from './in-flight-deliveries.js';

/** What a batch of attempts prepares once: each endpoint's target, each event's envelope, one deadline. */
export interface PreparedBatch {
  /** by endpoint id: its signing secrets and checked address, or why they could not be had */
  targets: ReadonlyMap<string, PreparedTarget | Error>;
  /** by event id */
  bodies: ReadonlyMap<string, Envelope>;
  deadline: AbortSignal;
}

/**
 * For each endpoint, once per batch: its signing secrets (decrypted) and its URL resolved and checked by the SSRF
 * guard. An endpoint that cannot be prepared fails only its own deliveries (its entry is the error).
 */
export async function prepareTargets(
  transport: WebhookTransport,
  repository: EndpointRepository,
  endpoints: Iterable<Endpoint>,
  now: Date,
): Promise<Map<string, PreparedTarget | Error>> {
  return new Map(
    await Promise.all(
      [...endpoints].map(async (e): Promise<[string, PreparedTarget | Error]> => {
        try {
          return [e.id, await transport.prepare(e.url, await repository.signingSecrets(e, now))];
        } catch (err) {
          return [e.id, err instanceof Error ? err : new Error(String(err))];
        }
      }),
    ),
  );
}

/**
 * Sends one attempt of a delivery, the dispatcher's and the fan-out's alike: its envelope, signed for its endpoint,
 * under the batch's deadline. The endpoint's slot frees as soon as the answer or the time-out came (the outcome is
 * recorded after), and the slow lane learns whether it timed out. Returns the command that records the outcome,
 * with the retry's jitter drawn here (the decider draws none). Throws when no attempt could be made (the endpoint
 * could not be prepared, the envelope is missing): the delivery's lease runs out and it is sent again.
 */
export async function attemptDelivery(
  claim: ClaimedDelivery,
  batch: PreparedBatch,
  process: { inFlight: InFlightDeliveries; slots: Slots; clock: Clock },
): Promise<RecordAttempt> {
  const target = batch.targets.get(claim.endpointId);
  if (!target) throw new Error(`endpoint ${claim.endpointId} was not prepared`);
  if (target instanceof Error) throw target;
  const envelope = batch.bodies.get(claim.eventId);
  if (!envelope) throw new Error(`envelope ${claim.eventId} is missing`);
  const outcome = await target.send({ id: claim.eventId, ...envelope }, process.clock.now(), batch.deadline);
  process.inFlight.slowLane.record(claim.endpointId, outcome.timedOut === true);
  process.slots.attempted(claim);
  return {
    type: 'RecordAttempt',
    outcome: { statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs },
    now: process.clock.now(),
    jitter: Math.random() * 2 - 1,
  };
}
