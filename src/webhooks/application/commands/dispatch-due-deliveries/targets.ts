import type { RecordAttempt } from '../../../domain/delivery/index.js';
import type { Endpoint } from '../../../domain/endpoint.js';
import type { EndpointRepository, PreparedTarget, TransportOutcome, WebhookTransport } from '../../ports/webhook.ports.js';

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

/** The command that records an attempt's outcome, with the retry's jitter drawn here (the decider draws none). */
export function recordAttempt(o: TransportOutcome, now: Date): RecordAttempt {
  return {
    type: 'RecordAttempt',
    outcome: { statusCode: o.statusCode, error: o.error, durationMs: o.durationMs },
    now,
    jitter: Math.random() * 2 - 1,
  };
}
