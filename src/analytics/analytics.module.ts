import { Module, type OnModuleInit } from '@nestjs/common';
import { Janitor } from '../platform/workers/janitor.js';
import { FlushVisitsHandler } from './application/commands/flush-visits/flush-visits.handler.js';
import { RecordClickHandler } from './application/commands/record-click/record-click.handler.js';
import { RecordViewHandler } from './application/commands/record-view/record-view.handler.js';
import { AnalyticsStore } from './application/ports/analytics.ports.js';
import { GetAnalyticsSummaryHandler } from './application/queries/get-analytics-summary/get-analytics-summary.handler.js';
import { VisitRecorder } from './application/visit-recorder.js';
import { AddressViewLimit } from './application/address-view-limit.js';
import { VisitorHasher } from './application/visitor-hash.js';
import { AnalyticsRetention } from './infrastructure/analytics-retention.js';
import { SqlAnalyticsStore } from './infrastructure/sql-analytics.store.js';
import { AnalyticsController } from './interface/http/analytics.controller.js';

/** Analytics: visit facts from the live pages (RecordView/RecordClick, written in batches), daily rollups, and the summary operation. */
@Module({
  controllers: [AnalyticsController],
  providers: [
    RecordViewHandler,
    RecordClickHandler,
    FlushVisitsHandler,
    VisitRecorder,
    AddressViewLimit,
    GetAnalyticsSummaryHandler,
    VisitorHasher,
    AnalyticsRetention,
    { provide: AnalyticsStore, useClass: SqlAnalyticsStore },
  ],
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
