import { Module } from '@nestjs/common';
import { FlushVisitsHandler } from './application/commands/flush-visits/flush-visits.handler.js';
import { RecordClickHandler } from './application/commands/record-click/record-click.handler.js';
import { RecordViewHandler } from './application/commands/record-view/record-view.handler.js';
import { AnalyticsStore } from './application/ports/analytics.ports.js';
import { GetAnalyticsSummaryHandler } from './application/queries/get-analytics-summary/get-analytics-summary.handler.js';
import { VisitRecorder } from './application/visit-recorder.js';
import { AddressViewLimit } from './application/address-view-limit.js';
import { VisitorHasher } from './application/visitor-hash.js';
import { SqlAnalyticsStore } from './infrastructure/sql-analytics.store.js';
import { AnalyticsController } from './interface/http/analytics.controller.js';
import { AnalyticsRetentionModule } from './analytics-retention.module.js';

/** Analytics: visit facts from the live pages (RecordView/RecordClick, written in batches), daily rollups, and the summary operation. */
@Module({
  imports: [AnalyticsRetentionModule],
  controllers: [AnalyticsController],
  providers: [
    RecordViewHandler,
    RecordClickHandler,
    FlushVisitsHandler,
    VisitRecorder,
    AddressViewLimit,
    GetAnalyticsSummaryHandler,
    VisitorHasher,
    { provide: AnalyticsStore, useClass: SqlAnalyticsStore },
  ],
})
export class AnalyticsModule {}
