import { Injectable, Logger } from '@nestjs/common';
import { lockName } from '../../platform/database/advisory-lock.js';
import { jsonb, sql } from '../../platform/database/query-builder.js';
import type { LockOption } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { SecretCipher } from '../../platform/crypto/secret-cipher.js';
import { withoutQuery } from '../../platform/observability/private-text.js';
import { IdGenerator } from '../../platform/time/ids.js';
import type { Endpoint, EndpointAutoDisabled } from '../domain/endpoint.js';
import { EndpointRepository, OwnerNotifier, type WorkspaceKey } from '../application/ports/webhook.ports.js';
import {
  allEndpoints,
  deleteWithEvents,
  endpointById,
  endpointsById,
  endpointsOfWorkspaces,
  keyArrays,
  lockDeliveriesOf,
  lockEndpoints,
  mutable,
  saveCounters,
  toEndpoint,
} from './endpoint.statements.js';
import { webhooks } from './webhooks.tables.js';

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
    await lockName(this.db, `webhook_endpoints:${workspaceId}`);
  }

  async listInWorkspace(workspaceId: string): Promise<Endpoint[]> {
    const rows = await this.db.all(allEndpoints.where('workspace_id', '=', workspaceId).orderBy('created_at').orderBy('id'));
    return rows.map(toEndpoint);
  }

  async byId(workspaceId: string, id: string, options: LockOption = {}): Promise<Endpoint | null> {
    const row = await this.db.one(endpointById(this.db, { workspaceId, id }, options));
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
      await this.db.all(lockDeliveriesOf(workspaceId, id));
      const rows = await this.db.all(deleteWithEvents(workspaceId, id));
      return rows.length > 0;
    });
  }

  async signingSecrets(endpoint: Endpoint, now: Date): Promise<string[]> {
    return endpoint.activeSecretRefs(now).map((ref) => this.cipher.decrypt(ref, endpoint.id));
  }
}

/**
 * The default notifier: a warning log line, and a row in `owner_notifications` (in the caller's
 * transaction) that the operator CLI lists (`notification list`). A mail or chat adapter replaces it.
 */
@Injectable()
export class RecordingOwnerNotifier extends OwnerNotifier {
  private readonly logger = new Logger('OwnerNotifier');

  constructor(
    private readonly db: Sql,
    private readonly ids: IdGenerator,
  ) {
    super();
  }

  async endpointDisabled(e: EndpointAutoDisabled): Promise<void> {
    const subject = `Webhook endpoint ${e.endpointId} was disabled after ${e.consecutiveFailures} consecutive failed deliveries`;
    await this.db.all(
      webhooks.insertInto('owner_notifications').values({
        id: this.ids.next('ntf'),
        workspace_id: e.workspaceId,
        kind: 'webhook_endpoint.disabled',
        subject,
        data: jsonb({
          endpoint_id: e.endpointId,
          url: e.url,
          consecutive_failures: e.consecutiveFailures,
          disabled_at: e.at.toISOString(),
        }),
        created_at: e.at,
      }),
    );
    // The log line names the receiver, not its query string (receivers put tokens there; docs/adr/0063).
    this.logger.warn({ workspace_id: e.workspaceId, endpoint_id: e.endpointId, url: withoutQuery(e.url) }, subject);
  }
}
