import { Query } from '@nestjs/cqrs';
import type { Page } from '../../../../platform/pagination/cursor.js';
import type { ContactView } from '../../contact.view.js';

export class ListContactsQuery extends Query<Page<ContactView>> {
  constructor(
    readonly workspaceId: string,
    readonly limit: number,
    readonly after: string | undefined,
  ) {
    super();
  }
}
