import { Migration } from '@mikro-orm/migrations';
import { STATUS_CODES } from 'node:http';

/**
 * What a failed attempt answered with the status `code` is recorded as from now on (docs/adr/0058): the status and
 * its standard reason phrase, as `describeStatus` in webhooks/infrastructure/webhook-sender.ts writes it; for a
 * status with no standard phrase, the status alone. SQL over the JSON number `code`.
 */
const describe = (code: string) => {
  const phrases = Object.entries(STATUS_CODES)
    .map(([status, phrase]) => `(${Number(status)}, 'HTTP ${Number(status)} ${String(phrase).replace(/'/g, "''")}')`)
    .join(', ');
  return `coalesce((SELECT p.description FROM (VALUES ${phrases}) AS p(status, description) WHERE p.status = (${code})::int),
    'HTTP ' || (${code}))`;
};

/** An attempt (an event's `data`, or an element of the projection's `attempts`) that holds more than the description. */
const holdsAnAnswer = (attempt: string) =>
  `jsonb_typeof(${attempt}->'statusCode') = 'number' AND ${attempt}->>'error' IS NOT NULL
    AND ${attempt}->>'error' IS DISTINCT FROM ${describe(`${attempt}->>'statusCode'`)}`;

/**
 * The delivery log without the receivers' answers (docs/adr/0058). Until now a failed attempt kept up to 500
 * characters of the answer's body as its error ("HTTP 500: <the body>"); a receiver that echoed the payload put the
 * subscriber's address there, in the append-only events and in the delivery's projection, where erasure does not
 * reach. The service now records only the status and its standard reason phrase; this rewrites every failed attempt
 * that answered with a status the same way, in both places, so an upgraded database holds no answer. Attempts with
 * no answer (time-outs, network errors, refusals by the SSRF guard: texts the service wrote) are kept as they are.
 *
 * The events are append-only (a trigger refuses UPDATE): the trigger is disabled for this one rewrite, in the
 * migration's transaction, and enabled again before it commits. The rewrite takes the tables' write locks for its
 * duration: it touches only failed attempts (30 days of them at most, the retention's bound).
 */
export class Migration0027DeliveryLogWithoutAnswers extends Migration {
  override up(): void {
    this.addSql(withoutAnswers());
  }
}

/** The rewrite, on its own (a test runs it again over rows written the old way). */
export function withoutAnswers(): string {
  return `
      ALTER TABLE webhook_delivery_events DISABLE TRIGGER webhook_delivery_events_no_update;
      UPDATE webhook_delivery_events
         SET data = jsonb_set(data, '{error}', to_jsonb(${describe(`data->>'statusCode'`)}))
       WHERE type = 'AttemptFailed' AND ${holdsAnAnswer('data')};
      ALTER TABLE webhook_delivery_events ENABLE TRIGGER webhook_delivery_events_no_update;

      UPDATE webhook_deliveries d
         SET attempts = (
           SELECT jsonb_agg(
                    CASE WHEN ${holdsAnAnswer('x.a')}
                         THEN jsonb_set(x.a, '{error}', to_jsonb(${describe(`x.a->>'statusCode'`)}))
                         ELSE x.a END
                    ORDER BY x.i)
             FROM jsonb_array_elements(d.attempts) WITH ORDINALITY AS x(a, i))
       WHERE EXISTS (SELECT FROM jsonb_array_elements(d.attempts) AS y(a) WHERE ${holdsAnAnswer('y.a')});
  `;
}
