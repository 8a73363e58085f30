import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks: endpoints (secrets encrypted at rest), the event envelopes, the append-only delivery event
 * store with its list/dispatch projection (and the dispatcher's lease), and owner notifications.
 */
export class Migration0003Webhooks extends Migration {
  override up(): void {
    this.addSql(`
      CREATE TABLE webhook_endpoints (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        url text NOT NULL,
        event_types text[] NOT NULL,
        status text NOT NULL CHECK (status IN ('ACTIVE', 'DISABLED')),
        disabled_reason text CHECK (disabled_reason IN ('MANUAL', 'CONSECUTIVE_FAILURES')),
        consecutive_failures integer NOT NULL DEFAULT 0,
        last_success_at timestamptz(3),
        last_failure_at timestamptz(3),
        secret_encrypted text NOT NULL,
        previous_secret_encrypted text,
        previous_secret_expires_at timestamptz(3),
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL
      );
      CREATE INDEX webhook_endpoints_workspace_idx ON webhook_endpoints (workspace_id, created_at, id);

      -- One row per event fanned out: the exact bytes signed and sent on every attempt of every endpoint.
      CREATE TABLE webhook_messages (
        event_id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        type text NOT NULL,
        body text NOT NULL,
        created_at timestamptz(3) NOT NULL
      );

      -- The projection of each delivery stream: what the list and get operations read and the dispatcher claims.
      CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        workspace_id text NOT NULL,
        event_id text NOT NULL REFERENCES webhook_messages(event_id),
        event_type text NOT NULL,
        status text NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
        attempt_count integer NOT NULL,
        attempts jsonb NOT NULL,
        next_attempt_at timestamptz(3),
        last_status_code integer,
        recorded_while_disabled boolean NOT NULL,
        version integer NOT NULL,
        created_at timestamptz(3) NOT NULL,
        lease_token text,
        lease_until timestamptz(3),
        CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, event_id)
      );
      CREATE INDEX webhook_deliveries_list_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
      CREATE INDEX webhook_deliveries_status_idx ON webhook_deliveries (endpoint_id, status, created_at DESC, id DESC);
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';

      -- The event store: append-only, one stream per delivery, (delivery_id, version) unique.
      CREATE TABLE webhook_delivery_events (
        delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version >= 1),
        type text NOT NULL,
        data jsonb NOT NULL,
        recorded_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (delivery_id, version)
      );
      CREATE FUNCTION webhook_delivery_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'webhook_delivery_events is append-only';
        END $$;
      -- Deleting an endpoint removes its history through the cascade; a row is never rewritten.
      CREATE TRIGGER webhook_delivery_events_no_update BEFORE UPDATE ON webhook_delivery_events
        FOR EACH ROW EXECUTE FUNCTION webhook_delivery_events_append_only();

      -- Wakes dispatchers when a delivery becomes due now (created, resent, replayed).
      CREATE FUNCTION webhook_deliveries_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('webhook_deliveries', '');
          RETURN NULL;
        END $$;
      CREATE TRIGGER webhook_deliveries_notify AFTER INSERT OR UPDATE OF next_attempt_at ON webhook_deliveries
        FOR EACH STATEMENT EXECUTE FUNCTION webhook_deliveries_notify();

      CREATE TABLE owner_notifications (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        kind text NOT NULL,
        subject text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz(3) NOT NULL
      );
      CREATE INDEX owner_notifications_workspace_idx ON owner_notifications (workspace_id, created_at DESC, id DESC);
    `);
  }
}
