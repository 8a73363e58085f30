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
    const rows = await this.sql.all<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? ORDER BY created_at, id`, [workspaceId]);
    return rows.map(toEndpoint);
  }

  async byId(workspaceId: string, id: string): Promise<Endpoint | null> {
    const row = await this.sql.one<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`, [workspaceId, id]);
    return row ? toEndpoint(row) : null;
  }

  async get(id: string): Promise<Endpoint | null> {
    const row = await this.sql.one<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = ?`, [id]);
    return row ? toEndpoint(row) : null;
  }

  async byIdForUpdate(id: string): Promise<Endpoint | null> {
    const row = await this.sql.one<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = ? FOR UPDATE`, [id]);
    return row ? toEndpoint(row) : null;
  }

  async subscribedTo(workspaceId: string, eventType: string): Promise<Endpoint[]> {
    const rows = await this.sql.all<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? AND ? = ANY(event_types) ORDER BY created_at, id`, [
      workspaceId,
      eventType,
    ]);
    return rows.map(toEndpoint);
  }

  seal(endpointId: string, secret: string): string {
    return this.cipher.encrypt(secret, endpointId);
  }

  async insert(endpoint: Endpoint): Promise<void> {
    const s = endpoint.snapshot();
    await this.sql.all(`INSERT INTO webhook_endpoints (${COLUMNS}) VALUES (?, ?, ${MUTABLE.map(([, cast]) => cast ?? '?').join(', ')}, ?)`, [
      s.id,
      s.workspaceId,
      ...mutableValues(endpoint),
      s.createdAt,
    ]);
  }

  /** Saves a row the caller has locked (`byIdForUpdate`), so it cannot vanish meanwhile. */
  async update(endpoint: Endpoint): Promise<void> {
    await this.sql.all(`UPDATE webhook_endpoints SET ${MUTABLE.map(([column, cast]) => `${column} = ${cast ?? '?'}`).join(', ')} WHERE id = ?`, [
      ...mutableValues(endpoint),
      endpoint.id,
    ]);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const rows = await this.sql.all(`DELETE FROM webhook_endpoints WHERE workspace_id = ? AND id = ? RETURNING id`, [workspaceId, id]);
    return rows.length > 0;
  }

  async signingSecrets(endpoint: Endpoint, now: Date): Promise<string[]> {
    return endpoint.activeSecretRefs(now).map((ref) => this.cipher.decrypt(ref, endpoint.id));
  }
}
