import { Query } from '@nestjs/cqrs';
import type { Page } from '../../../../platform/pagination/cursor.js';
import type { DomainView } from '../../custom-domain.view.js';

export class ListDomainsQuery extends Query<Page<DomainView>> {
  constructor(
    readonly workspaceId: string,
    readonly limit: number,
    readonly after: string | undefined,
  ) {
    super();
  }
}
