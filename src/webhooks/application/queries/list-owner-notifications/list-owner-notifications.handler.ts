import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { ListOwnerNotificationsQuery } from './list-owner-notifications.query.js';
import type { OwnerNotificationView } from './list-owner-notifications.view.js';

/** What the default notifier recorded for a workspace's owner, newest first (operator CLI `notification list`). */
@QueryHandler(ListOwnerNotificationsQuery)
export class ListOwnerNotificationsHandler implements IQueryHandler<ListOwnerNotificationsQuery> {
  constructor(private readonly sql: Sql) {}

  async execute(q: ListOwnerNotificationsQuery): Promise<OwnerNotificationView[]> {
    const rows = await this.sql.all<{ id: string; kind: string; subject: string; data: unknown; created_at: Date }>(
      `SELECT id, kind, subject, data, created_at FROM owner_notifications
        WHERE workspace_id = ? ORDER BY created_at DESC, id DESC LIMIT 1000`,
      [q.workspaceId],
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      subject: r.subject,
      data: r.data,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }
}
