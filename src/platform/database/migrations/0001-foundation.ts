import { Migration } from '@mikro-orm/migrations';

/** Access, audience, files, commerce and the platform tables (outbox, idempotency, quota, rate limits). */
export class Migration0001Foundation extends Migration {
  override up(): void {
    this.addSql(`
      CREATE TABLE workspaces (
        id text PRIMARY KEY,
        name text NOT NULL,
        plan text NOT NULL CHECK (plan IN ('free', 'creator', 'pro')),
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL
      );

      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        lookup_prefix text NOT NULL UNIQUE,
        secret_hash bytea NOT NULL,
        scopes text[] NOT NULL,
        expires_at timestamptz(3),
        revoked_at timestamptz(3),
        created_at timestamptz(3) NOT NULL
      );
      CREATE INDEX api_keys_workspace_idx ON api_keys (workspace_id, created_at DESC);

      CREATE TABLE files (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        name text NOT NULL,
        mime_type text NOT NULL,
        size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
        storage_key text NOT NULL,
        public_path text NOT NULL UNIQUE,
        created_at timestamptz(3) NOT NULL
      );
      CREATE INDEX files_page_idx ON files (workspace_id, created_at DESC, id DESC);

      CREATE TABLE contacts (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email text NOT NULL,
        name text,
        source text NOT NULL CHECK (source IN ('NEWSLETTER', 'FORM', 'GATED_DOWNLOAD')),
        source_page_id text,
        source_block_id text,
        created_at timestamptz(3) NOT NULL
      );
      CREATE INDEX contacts_page_idx ON contacts (workspace_id, created_at DESC, id DESC);

      CREATE TABLE sales (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('PRODUCT', 'TIP')),
        gross_amount_cents bigint NOT NULL CHECK (gross_amount_cents >= 0),
        net_amount_cents bigint NOT NULL CHECK (net_amount_cents >= 0),
        currency text NOT NULL,
        customer_email text NOT NULL,
        created_at timestamptz(3) NOT NULL,
        refunded_at timestamptz(3)
      );
      CREATE INDEX sales_workspace_idx ON sales (workspace_id, created_at DESC);

      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        event_id text NOT NULL UNIQUE,
        workspace_id text NOT NULL,
        type text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        processed_at timestamptz(3),
        available_at timestamptz(3) NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
      CREATE INDEX outbox_pending_idx ON outbox (seq) WHERE processed_at IS NULL;

      CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox', '');
        RETURN NULL;
      END $$;
      CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
        FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();

      CREATE TABLE idempotency_keys (
        workspace_id text NOT NULL,
        mode text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        owner_token text NOT NULL,
        state text NOT NULL CHECK (state IN ('in_flight', 'done')),
        response_status integer,
        response_body jsonb,
        response_headers jsonb,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        lease_expires_at timestamptz(3) NOT NULL,
        PRIMARY KEY (workspace_id, mode, key)
      );
      CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

      CREATE TABLE quota_usage (
        workspace_id text NOT NULL,
        period text NOT NULL,
        used bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (workspace_id, period)
      );

      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
    `);
  }
}
