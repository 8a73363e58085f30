import { Query } from '@nestjs/cqrs';
import type { Page } from '../../../../platform/pagination/cursor.js';
import type { EventView } from '../event.view.js';

export class ListEventsQuery extends Query<Page<EventView>> {
  constructor(
    readonly workspaceId: string,
    readonly limit: number,
    readonly after: string | undefined,
    /** any of these types (undefined: every type) */
    readonly types: readonly string[] | undefined,
    readonly createdAfter: Date | undefined,
    readonly createdBefore: Date | undefined,
  ) {
    super();
  }
}
