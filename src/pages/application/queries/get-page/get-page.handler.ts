import { Inject, Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { pageView, type PageView } from '../../page.views.js';
import { PageAddresses, PageRepository, withCustomDomain } from '../../ports/page.ports.js';
import { GetPageQuery } from './get-page.query.js';

@QueryHandler(GetPageQuery)
export class GetPageHandler implements IQueryHandler<GetPageQuery, PageView> {
  constructor(
    private readonly pages: PageRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly addresses?: PageAddresses,
  ) {}

  async execute(q: GetPageQuery): Promise<PageView> {
    const page = await this.pages.byId(q.workspaceId, q.pageId);
    if (!page) throw new NotFoundError('page');
    const [view] = await withCustomDomain(this.addresses, q.workspaceId, [pageView(page.snapshot(), this.config.publicSiteUrl)]);
    return view!;
  }
}
