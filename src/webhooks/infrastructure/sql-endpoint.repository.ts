import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { Endpoint, type DisabledReason, type EndpointStatus, type WebhookEventType } from '../domain/endpoint.js';
import { EndpointRepository } from '../application/ports/webhook.ports.js';
import { SecretCipher } from './secret-cipher.js';

interface Row {
  id: string;
  workspace_id: string;
  url: string;
  event_types: WebhookEventType[];
  status: EndpointStatus;
  disabled_reason: DisabledReason | null;
  consecutive_failures: number;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns a save writes, in order, with the placeholder when it is not a plain `?`. */
const MUTABLE: [string, string?][] = [
  ['url'],
  ['event_types', 'ARRAY(SELECT jsonb_array_elements_text(?::jsonb))'],
  ['status'],
  ['disabled_reason'],
  ['consecutive_failures'],
  ['last_success_at'],
  ['last_failure_at'],
  ['secret_encrypted'],
  ['previous_secret_encrypted'],
  ['previous_secret_expires_at'],
  ['updated_at'],
];
const COLUMNS = ['id', 'workspace_id', ...MUTABLE.map(([c]) => c), 'created_at'].join(', ');

function mutableValues(endpoint: Endpoint): unknown[] {
  const s = endpoint.snapshot();
  return [
    s.url,
    JSON.stringify(s.eventTypes),
    s.status,
    s.disabledReason,
    s.consecutiveFailures,
    s.lastSuccessAt,
    s.lastFailureAt,
    s.currentSecretRef,
    s.previousSecretRef,
    s.previousSecretExpiresAt,
    s.updatedAt,
  ];
}
const date = (d: Date | null) => (d ? new Date(d) : null);

function toEndpoint(r: Row): Endpoint {
  return Endpoint.restore({
    id: r.id,
    workspaceId: r.workspace_id,
    url: r.url,
    eventTypes: r.event_types,
    status: r.status,
    disabledReason: r.disabled_reason,
    consecutiveFailures: r.consecutive_failures,
    lastSuccessAt: date(r.last_success_at),
    lastFailureAt: date(r.last_failure_at),
    currentSecretRef: r.secret_encrypted,
    previousSecretRef: r.previous_secret_encrypted,
    previousSecretExpiresAt: date(r.previous_secret_expires_at),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  });
}

/** Endpoints in `webhook_endpoints`; the secret references are AES-256-GCM ciphertexts bound to the endpoint id. */
@Injectable()
export class SqlEndpointRepository extends EndpointRepository {
  constructor(
    private readonly sql: Sql,
    private readonly cipher: SecretCipher,
  ) {
    super();
  }

  async countInWorkspace(workspaceId: string): Promise<number> {
    const row = await this.sql.one<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE workspace_id = ?`, [workspaceId]);
    return row?.n ?? 0;
  }

  async lockWorkspace(workspaceId: string): Promise<void> {
    await this.sql.all(`SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || ?, 0))`, [workspaceId]);
  }

  async listInWorkspace(workspaceId: string): Promise<Endpoint[]> {
    const rows = await this.sql.all<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? ORDER BY created_at, id`, [
      workspaceId,
    ]);
    return rows.map(toEndpoint);
  }

  async byId(workspaceId: string, id: string): Promise<Endpoint | null> {
    const row = await this.sql.one<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`, [workspaceId, id]);
    return row ? toEndpoint(row) : null;
  }

  async exists(workspaceId: string, id: string): Promise<boolean> {
    return (await this.sql.one(`SELECT 1 FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`, [workspaceId, id])) !== undefined;
  }

  async getMany(ids: readonly string[]): Promise<Map<string, Endpoint>> {
    if (ids.length === 0) return new Map();
    const rows = await this.sql.all<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = ANY(?::text[])`, [[...new Set(ids)]]);
    return new Map(rows.map((r) => [r.id, toEndpoint(r)]));
  }

  async lockMany(ids: readonly string[]): Promise<Map<string, Endpoint>> {
    if (ids.length === 0) return new Map();
    // LockRows sits above the sort: the rows are locked in id order. NO KEY UPDATE (what an UPDATE of non-key
    // columns takes) still queues behind DELETE, UPDATE and FOR UPDATE, but not behind the KEY SHARE locks of
    // foreign-key checks, so the fan-out inserting deliveries for the endpoint is not held up by it.
    const rows = await this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = ANY(?::text[]) ORDER BY id FOR NO KEY UPDATE`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, toEndpoint(r)]));
  }

  async byIdForUpdate(id: string): Promise<Endpoint | null> {
    const row = await this.sql.one<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = ? FOR UPDATE`, [id]);
    return row ? toEndpoint(row) : null;
  }

  async inWorkspaces(workspaceIds: readonly string[]): Promise<Endpoint[]> {
    if (workspaceIds.length === 0) return [];
    const rows = await this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE workspace_id = ANY(?::text[]) ORDER BY workspace_id, created_at, id`,
      [[...new Set(workspaceIds)]],
    );
    return rows.map(toEndpoint);
  }

  seal(endpointId: string, secret: string): string {
    return this.cipher.encrypt(secret, endpointId);
  }

  async insert(endpoint: Endpoint): Promise<void> {
    const s = endpoint.snapshot();
    await this.sql.all(
      `INSERT INTO webhook_endpoints (${COLUMNS}) VALUES (?, ?, ${MUTABLE.map(([, cast]) => cast ?? '?').join(', ')}, ?)`,
      [s.id, s.workspaceId, ...mutableValues(endpoint), s.createdAt],
    );
  }

  /** Saves a row the caller has locked (`byIdForUpdate`), so it cannot vanish meanwhile. */
  async update(endpoint: Endpoint): Promise<void> {
    await this.sql.all(
      `UPDATE webhook_endpoints SET ${MUTABLE.map(([column, cast]) => `${column} = ${cast ?? '?'}`).join(', ')} WHERE id = ?`,
      [...mutableValues(endpoint), endpoint.id],
    );
  }

  async saveDeliveryCounters(endpoints: readonly Endpoint[]): Promise<void> {
    if (endpoints.length === 0) return;
    const s = endpoints.map((e) => e.snapshot());
    await this.sql.all(
      `UPDATE webhook_endpoints e
          SET status = u.status, disabled_reason = u.disabled_reason, consecutive_failures = u.consecutive_failures,
              last_success_at = u.last_success_at, last_failure_at = u.last_failure_at, updated_at = u.updated_at
         FROM unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::timestamptz[], ?::timestamptz[], ?::timestamptz[])
              AS u(id, status, disabled_reason, consecutive_failures, last_success_at, last_failure_at, updated_at)
        WHERE e.id = u.id`,
      [
        s.map((x) => x.id),
        s.map((x) => x.status),
        s.map((x) => x.disabledReason),
        s.map((x) => x.consecutiveFailures),
        s.map((x) => x.lastSuccessAt),
        s.map((x) => x.lastFailureAt),
        s.map((x) => x.updatedAt),
      ],
    );
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const rows = await this.sql.all(`DELETE FROM webhook_endpoints WHERE workspace_id = ? AND id = ? RETURNING id`, [workspaceId, id]);
    return rows.length > 0;
  }

  async signingSecrets(endpoint: Endpoint, now: Date): Promise<string[]> {
    return endpoint.activeSecretRefs(now).map((ref) => this.cipher.decrypt(ref, endpoint.id));
  }
}
