import { Query } from '@nestjs/cqrs';
import type { DomainView } from '../../custom-domain.view.js';

export class GetDomainQuery extends Query<DomainView> {
  constructor(
    readonly workspaceId: string,
    readonly domainId: string,
  ) {
    super();
  }
}
