import { Module } from '@nestjs/common';
import { PublishPageHandler } from './application/commands/publish-page/publish-page.handler.js';
import { PageRepository } from './application/ports/page.ports.js';
import { SqlPageRepository } from './infrastructure/sql-page.repository.js';
import { PublishScheduler } from './interface/worker/publish-scheduler.js';

/**
 * The publish scheduler and what it runs: the publish command and the page repository. The worker process loads
 * this module without the HTTP side (src/worker.module.ts, docs/adr/0040); PagesModule adds the other operations.
 */
@Module({
  providers: [PublishPageHandler, PublishScheduler, { provide: PageRepository, useClass: SqlPageRepository }],
  exports: [PageRepository],
})
export class PageSchedulingModule {}
