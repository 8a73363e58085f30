import { Injectable, Logger } from '@nestjs/common';
import { jsonb } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { IdGenerator } from '../../platform/time/ids.js';
import { withoutQuery } from '../../platform/observability/private-text.js';
import type { EndpointAutoDisabled } from '../domain/endpoint.js';
import { OwnerNotifier } from '../application/ports/webhook.ports.js';
import { webhooks } from './webhooks.tables.js';

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
