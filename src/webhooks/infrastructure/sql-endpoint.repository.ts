import { Injectable } from '@nestjs/common';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { lockedIfAsked } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { Endpoint } from '../domain/endpoint.js';
import { EndpointRepository, type WorkspaceKey } from '../application/ports/webhook.ports.js';
import { SecretCipher } from '../../platform/crypto/secret-cipher.js';
import { slotColumns, textArray, unnest, type List } from '../../platform/database/array-parameters.js';
import { webhooks, type EndpointRow } from './webhooks.tables.js';

/** The columns a save writes. */
function mutable(endpoint: Endpoint) {
  const s = endpoint.snapshot();
  return {
    url: s.url,
    event_types: [...s.eventTypes],
    status: s.status,
    disabled_reason: s.disabledReason,
    consecutive_failures: s.consecutiveFailures,
    last_success_at: s.lastSuccessAt,
    last_failure_at: s.lastFailureAt,
    secret_encrypted: s.currentSecretRef,
    previous_secret_encrypted: s.previousSecretRef,
    previous_secret_expires_at: s.previousSecretExpiresAt,
    updated_at: s.updatedAt,
  };
}

function toEndpoint(r: EndpointRow): Endpoint {
  return Endpoint.restore({
    id: r.id,
    workspaceId: r.workspace_id,
    url: r.url,
    eventTypes: r.event_types,
    status: r.status,
    disabledReason: r.disabled_reason,
    consecutiveFailures: r.consecutive_failures,
    lastSuccessAt: r.last_success_at,
    lastFailureAt: r.last_failure_at,
    currentSecretRef: r.secret_encrypted,
    previousSecretRef: r.previous_secret_encrypted,
    previousSecretExpiresAt: r.previous_secret_expires_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
}

const allEndpoints = webhooks.selectFrom('webhook_endpoints').selectAll();
const anyOf = (ids: List<string>) => sql<string>`ANY(${textArray(ids)})`;

// The fan-out's and the dispatcher's batch statements, compiled once (docs/adr/0027).
// By key, workspace first (the primary key; on a sharded cluster, the shards of these workspaces alone).
const byKeys = (p: Slots<{ workspaceIds: string[]; ids: string[] }>) =>
  allEndpoints.where('workspace_id', '=', anyOf(p.workspaceIds)).where('id', '=', anyOf(p.ids));
const endpointsById = prepared(byKeys);
const lockEndpoints = prepared((p: Slots<{ workspaceIds: string[]; ids: string[] }>) => byKeys(p).orderBy('id').forNoKeyUpdate());
const keyArrays = (keys: readonly WorkspaceKey[]) => ({
  workspaceIds: [...new Set(keys.map((k) => k.workspaceId))],
  ids: [...new Set(keys.map((k) => k.id))],
});
const endpointsOfWorkspaces = prepared((p: Slots<{ ids: string[] }>) =>
  allEndpoints.where('workspace_id', '=', anyOf(p.ids)).orderBy('workspace_id').orderBy('created_at').orderBy('id'),
);
const saveCounters = prepared(
  (
    p: Slots<{
      workspace_id: string[];
      id: string[];
      status: EndpointRow['status'][];
      disabled_reason: EndpointRow['disabled_reason'][];
      consecutive_failures: number[];
      last_success_at: (Date | null)[];
      last_failure_at: (Date | null)[];
      updated_at: Date[];
    }>,
  ) =>
    webhooks
      .updateTable('webhook_endpoints as e')
      .from(
        unnest(
          'u',
          slotColumns(
            {
              workspace_id: 'text',
              id: 'text',
              status: 'text',
              disabled_reason: 'text',
              consecutive_failures: 'int',
              last_success_at: 'timestamptz',
              last_failure_at: 'timestamptz',
              updated_at: 'timestamptz',
            },
            p,
          ),
        ),
      )
      .set((eb) => ({
        status: eb.ref('u.status'),
        disabled_reason: eb.ref('u.disabled_reason'),
        consecutive_failures: eb.ref('u.consecutive_failures'),
        last_success_at: eb.ref('u.last_success_at'),
        last_failure_at: eb.ref('u.last_failure_at'),
        updated_at: eb.ref('u.updated_at'),
      }))
      .whereRef('e.workspace_id', '=', 'u.workspace_id')
      .whereRef('e.id', '=', 'u.id'),
);

/** Endpoints in `webhook_endpoints`; the secret references are AES-256-GCM ciphertexts bound to the endpoint id. */
@Injectable()
export class SqlEndpointRepository extends EndpointRepository {
  constructor(
    private readonly db: Sql,
    private readonly cipher: SecretCipher,
  ) {
    super();
  }

  async countInWorkspace(workspaceId: string): Promise<number> {
    const row = await this.db.one(
      webhooks
        .selectFrom('webhook_endpoints')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('workspace_id', '=', workspaceId),
    );
    return row?.n ?? 0;
  }

  async lockWorkspace(workspaceId: string): Promise<void> {
    await this.db.all(sql`SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || ${workspaceId}, 0))`);
  }

  async listInWorkspace(workspaceId: string): Promise<Endpoint[]> {
    const rows = await this.db.all(allEndpoints.where('workspace_id', '=', workspaceId).orderBy('created_at').orderBy('id'));
    return rows.map(toEndpoint);
  }

  async byId(workspaceId: string, id: string, options: { lock?: boolean } = {}): Promise<Endpoint | null> {
    const row = await this.db.one(
      lockedIfAsked(this.db, allEndpoints.where('workspace_id', '=', workspaceId).where('id', '=', id), options),
    );
    return row ? toEndpoint(row) : null;
  }

  async exists(workspaceId: string, id: string): Promise<boolean> {
    const row = await this.db.one(
      webhooks.selectFrom('webhook_endpoints').select('id').where('workspace_id', '=', workspaceId).where('id', '=', id),
    );
    return row !== undefined;
  }

  async getMany(keys: readonly WorkspaceKey[]): Promise<Map<string, Endpoint>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db.all(endpointsById(keyArrays(keys)));
    return new Map(rows.map((r) => [r.id, toEndpoint(r)]));
  }

  async lockMany(keys: readonly WorkspaceKey[]): Promise<Map<string, Endpoint>> {
    if (keys.length === 0) return new Map();
    // LockRows sits above the sort: the rows are locked in id order. NO KEY UPDATE (what an UPDATE of non-key
    // columns takes) still queues behind DELETE, UPDATE and FOR UPDATE, but not behind the KEY SHARE locks of
    // foreign-key checks, so the fan-out inserting deliveries for the endpoint is not held up by it.
    const rows = await this.db.all(lockEndpoints(keyArrays(keys)));
    return new Map(rows.map((r) => [r.id, toEndpoint(r)]));
  }

  async inWorkspaces(workspaceIds: readonly string[]): Promise<Endpoint[]> {
    if (workspaceIds.length === 0) return [];
    const rows = await this.db.all(endpointsOfWorkspaces({ ids: [...new Set(workspaceIds)] }));
    return rows.map(toEndpoint);
  }

  seal(endpointId: string, secret: string): string {
    return this.cipher.encrypt(secret, endpointId);
  }

  async insert(endpoint: Endpoint): Promise<void> {
    const s = endpoint.snapshot();
    await this.db.all(
      webhooks
        .insertInto('webhook_endpoints')
        .values({ id: s.id, workspace_id: s.workspaceId, ...mutable(endpoint), created_at: s.createdAt }),
    );
  }

  /** Saves a row the caller has locked (`byId` with `lock`), so it cannot vanish meanwhile. */
  async update(endpoint: Endpoint): Promise<void> {
    await this.db.all(
      webhooks
        .updateTable('webhook_endpoints')
        .set(mutable(endpoint))
        .where('workspace_id', '=', endpoint.workspaceId)
        .where('id', '=', endpoint.id),
    );
  }

  async saveDeliveryCounters(endpoints: readonly Endpoint[]): Promise<void> {
    if (endpoints.length === 0) return;
    const s = endpoints.map((e) => e.snapshot());
    await this.db.all(
      saveCounters({
        workspace_id: s.map((x) => x.workspaceId),
        id: s.map((x) => x.id),
        status: s.map((x) => x.status),
        disabled_reason: s.map((x) => x.disabledReason),
        consecutive_failures: s.map((x) => x.consecutiveFailures),
        last_success_at: s.map((x) => x.lastSuccessAt),
        last_failure_at: s.map((x) => x.lastFailureAt),
        updated_at: s.map((x) => x.updatedAt),
      }),
    );
  }

  /**
   * Deletes the endpoint, its deliveries (the foreign key's cascade) and their events, which no key cascades to
   * (docs/adr/0057). In order, in one transaction: the endpoint locked (no fan-out can add a delivery to it: its
   * foreign-key check waits), its deliveries locked (no dispatcher or resend can append to them), and only then,
   * in a statement that sees every event appended before, the events and the endpoint deleted.
   */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    return this.db.transaction(async () => {
      if (!(await this.byId(workspaceId, id, { lock: true }))) return false;
      await this.db.all(
        webhooks
          .selectFrom((eb) =>
            eb
              .selectFrom('webhook_deliveries')
              .select('id')
              .where('workspace_id', '=', workspaceId)
              .where('endpoint_id', '=', id)
              .orderBy('id') // in id order, as a replay or a redaction locks deliveries: no deadlock between them
              .forUpdate()
              .as('locked'),
          )
          .select((eb) => eb.fn.countAll().as('n')),
      );
      const rows = await this.db.all(
        webhooks
          .with('events', (db) =>
            db
              .deleteFrom('webhook_delivery_events as e')
              .using('webhook_deliveries as d')
              .where('d.workspace_id', '=', workspaceId)
              .where('d.endpoint_id', '=', id)
              .where('e.workspace_id', '=', workspaceId)
              .whereRef('e.delivery_id', '=', 'd.id'),
          )
          .deleteFrom('webhook_endpoints')
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', id)
          .returning('id'),
      );
      return rows.length > 0;
    });
  }

  async signingSecrets(endpoint: Endpoint, now: Date): Promise<string[]> {
    return endpoint.activeSecretRefs(now).map((ref) => this.cipher.decrypt(ref, endpoint.id));
  }
}
