import { Module, type OnModuleInit } from '@nestjs/common';
import { Janitor } from '../platform/workers/janitor.js';
import { FireDueSchedulesHandler } from './application/commands/fire-due-schedules/fire-due-schedules.handler.js';
import { PublishPageHandler } from './application/commands/publish-page/publish-page.handler.js';
import { PageRepository, ScheduledPages } from './application/ports/page.ports.js';
import { PageSlugRetention } from './infrastructure/page-slug-retention.js';
import { SqlPageRepository } from './infrastructure/sql-page.repository.js';
import { SqlScheduledPages } from './infrastructure/sql-scheduled-pages.js';
import { PublishScheduler } from './interface/worker/publish-scheduler.js';

/**
 * The publish scheduler and what it runs: the publish command and the page repository, and the janitor's task for
 * expired slug redirects. The worker process loads this module without the HTTP side (src/worker.module.ts,
 * docs/adr/0040); PagesModule adds the other operations.
 */
@Module({
  providers: [
    FireDueSchedulesHandler,
    PublishPageHandler,
    PublishScheduler,
    PageSlugRetention,
    { provide: PageRepository, useClass: SqlPageRepository },
    { provide: ScheduledPages, useClass: SqlScheduledPages },
  ],
  exports: [PageRepository],
})
export class PageSchedulingModule implements OnModuleInit {
  constructor(
    private readonly janitor: Janitor,
    private readonly slugRetention: PageSlugRetention,
  ) {}

  onModuleInit(): void {
    this.janitor.add(this.slugRetention);
  }
}
