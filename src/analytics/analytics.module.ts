import { Module, type OnModuleInit } from '@nestjs/common';
import { Janitor } from '../platform/workers/janitor.js';
import { AccessModule } from '../access/access.module.js';
import { AnalyticsStore } from './application/analytics.ports.js';
import { VisitRecorder } from './application/record-visit.js';
import { GetAnalyticsSummaryHandler } from './application/summary.js';
import { VisitorHasher } from './application/visitor-hash.js';
import { AnalyticsRetention } from './infrastructure/analytics-retention.js';
import { SqlAnalyticsStore } from './infrastructure/sql-analytics.store.js';
import { AnalyticsController } from './interface/http/analytics.controller.js';

/** Analytics: visit facts from the live pages, daily rollups, and the summary operation. */
@Module({
  imports: [AccessModule],
  controllers: [AnalyticsController],
  providers: [GetAnalyticsSummaryHandler, VisitRecorder, VisitorHasher, AnalyticsRetention, { provide: AnalyticsStore, useClass: SqlAnalyticsStore }],
  exports: [VisitRecorder],
})
export class AnalyticsModule implements OnModuleInit {
  constructor(
    private readonly janitor: Janitor,
    private readonly retention: AnalyticsRetention,
  ) {}

  onModuleInit(): void {
    this.janitor.add(this.retention);
  }
}
