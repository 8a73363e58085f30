import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { webhooks } from '../../../infrastructure/webhooks.tables.js';
import { ListOwnerNotificationsQuery } from './list-owner-notifications.query.js';
import type { OwnerNotificationView } from './list-owner-notifications.view.js';

/** What the default notifier recorded for a workspace's owner, newest first (operator CLI `notification list`). */
@QueryHandler(ListOwnerNotificationsQuery)
export class ListOwnerNotificationsHandler implements IQueryHandler<ListOwnerNotificationsQuery> {
  constructor(private readonly db: Sql) {}

  async execute(q: ListOwnerNotificationsQuery): Promise<OwnerNotificationView[]> {
    const rows = await this.db.all(
      webhooks
        .selectFrom('owner_notifications')
        .select(['id', 'kind', 'subject', 'data', 'created_at'])
        .where('workspace_id', '=', q.workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1000),
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      subject: r.subject,
      data: r.data,
      created_at: r.created_at.toISOString(),
    }));
  }
}
