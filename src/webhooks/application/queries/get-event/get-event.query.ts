import { Query } from '@nestjs/cqrs';
import type { EventView } from '../event.view.js';

export class GetEventQuery extends Query<EventView> {
  constructor(
    readonly workspaceId: string,
    readonly eventId: string,
  ) {
    super();
  }
}
