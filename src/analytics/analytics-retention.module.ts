import { Module, type OnModuleInit } from '@nestjs/common';
import { Janitor } from '../platform/workers/janitor.js';
import { AnalyticsRetention } from './infrastructure/analytics-retention.js';
import { VisitorHashRetention } from './infrastructure/visitor-retention.js';

/**
 * The janitor's analytics tasks (raw facts and daily visitor hashes past their retention). The worker process loads
 * it without the rest (docs/adr/0040).
 */
@Module({ providers: [AnalyticsRetention, VisitorHashRetention] })
export class AnalyticsRetentionModule implements OnModuleInit {
  constructor(
    private readonly janitor: Janitor,
    private readonly retention: AnalyticsRetention,
    private readonly visitors: VisitorHashRetention,
  ) {}

  onModuleInit(): void {
    this.janitor.add(this.retention);
    this.janitor.add(this.visitors);
  }
}
