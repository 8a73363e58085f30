import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PageAddresses } from '../../pages/index.js';
import { PageHostnamesQuery } from '../application/queries/page-hostnames/page-hostnames.query.js';

/** The pages context's PageAddresses port, answered from this context's verified domains (docs/adr/0094). */
@Injectable()
export class DomainPageAddresses extends PageAddresses {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  hostnamesOf(workspaceId: string, pageIds: readonly string[]): Promise<Map<string, string>> {
    return this.queries.execute(new PageHostnamesQuery(workspaceId, pageIds));
  }
}
