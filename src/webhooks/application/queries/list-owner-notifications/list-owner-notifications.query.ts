import { Query } from '@nestjs/cqrs';
import type { OwnerNotificationView } from './list-owner-notifications.view.js';

export class ListOwnerNotificationsQuery extends Query<OwnerNotificationView[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}
