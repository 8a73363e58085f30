import { Migration } from '@mikro-orm/migrations';

/**
 * Fair webhook dispatch (docs/adr/0035).
 * - The due index leads with the endpoint: a claim skips from one endpoint with pending work to the next (a
 *   loose index scan) and takes each one's soonest-due deliveries, so it costs the same whatever the backlog.
 * - `attempts_in_cycle` completes the projection, so the dispatcher decides an outcome from the row it claimed
 *   (a snapshot at the claimed version) instead of reloading the stream; the append's compare-and-set on version
 *   still refuses a snapshot that moved.
 * - Fewer index writes per delivery: the unique (event, endpoint) pair leads with the event, so it also serves
 *   the retention's "is this envelope still referenced" probe (the separate event index goes), and the
 *   retention's time scans use BRIN indexes, which cost next to nothing to keep up on append-mostly tables.
 * - The NOTIFY fires only when a write makes work due now (a new delivery, a resend or a replay), not on every
 *   recorded outcome: an outcome that schedules a retry wakes nobody, the dispatcher's timer takes it.
 */
export class Migration0010FairDispatch extends Migration {
  override up(): void {
    this.addSql(`
      ALTER TABLE webhook_deliveries ADD COLUMN attempts_in_cycle integer NOT NULL DEFAULT 0;
      UPDATE webhook_deliveries d SET attempts_in_cycle = (
        SELECT count(*) FROM webhook_delivery_events e
        WHERE e.delivery_id = d.id AND e.type = 'AttemptFailed'
          AND e.version > coalesce((SELECT max(r.version) FROM webhook_delivery_events r
                                    WHERE r.delivery_id = d.id AND r.type = 'DeliveryRequeued'), 0)
      ) WHERE d.status = 'PENDING';

      ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_once;
      ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_once UNIQUE (event_id, endpoint_id);
      DROP INDEX webhook_deliveries_event_idx;
      DROP INDEX webhook_deliveries_finished_idx;
      CREATE INDEX webhook_deliveries_created_brin ON webhook_deliveries USING brin (created_at);
      DROP INDEX webhook_messages_created_idx;
      CREATE INDEX webhook_messages_created_brin ON webhook_messages USING brin (created_at);

      DROP INDEX webhook_deliveries_due_idx;
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE status = 'PENDING';

      DROP TRIGGER webhook_deliveries_notify ON webhook_deliveries;
      DROP FUNCTION webhook_deliveries_notify();
      CREATE FUNCTION webhook_deliveries_notify_due() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM fresh
                     WHERE status = 'PENDING' AND lease_until IS NULL AND next_attempt_at <= now() + interval '1 second') THEN
            PERFORM pg_notify('webhook_deliveries', '');
          END IF;
          RETURN NULL;
        END $$;
      CREATE FUNCTION webhook_deliveries_notify_requeued() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('webhook_deliveries', '');
          RETURN NULL;
        END $$;
      CREATE TRIGGER webhook_deliveries_notify AFTER INSERT ON webhook_deliveries
        REFERENCING NEW TABLE AS fresh
        FOR EACH STATEMENT EXECUTE FUNCTION webhook_deliveries_notify_due();
      CREATE TRIGGER webhook_deliveries_notify_requeued AFTER UPDATE ON webhook_deliveries
        FOR EACH ROW
        WHEN (NEW.status = 'PENDING' AND NEW.lease_until IS NULL AND NEW.next_attempt_at <= now() + interval '1 second'
              AND (OLD.status <> 'PENDING' OR OLD.lease_until IS NOT NULL OR OLD.next_attempt_at IS DISTINCT FROM NEW.next_attempt_at))
        EXECUTE FUNCTION webhook_deliveries_notify_requeued();
    `);
  }
}
