import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { domainView, type DomainView } from '../../custom-domain.view.js';
import { CustomDomainRepository } from '../../ports/custom-domain.ports.js';
import { GetDomainQuery } from './get-domain.query.js';

@QueryHandler(GetDomainQuery)
export class GetDomainHandler implements IQueryHandler<GetDomainQuery, DomainView> {
  constructor(private readonly domains: CustomDomainRepository) {}

  async execute(q: GetDomainQuery): Promise<DomainView> {
    const read = await this.domains.byId(q.workspaceId, q.domainId);
    if (!read) throw new NotFoundError('domain');
    return domainView(read.state);
  }
}
