import { Module, type OnModuleInit } from '@nestjs/common';
import { Janitor } from '../platform/workers/janitor.js';
import { AnalyticsRetention } from './infrastructure/analytics-retention.js';

/** The janitor's analytics task (raw facts past their retention). The worker process loads it without the rest (docs/adr/0040). */
@Module({ providers: [AnalyticsRetention] })
export class AnalyticsRetentionModule implements OnModuleInit {
  constructor(
    private readonly janitor: Janitor,
    private readonly retention: AnalyticsRetention,
  ) {}

  onModuleInit(): void {
    this.janitor.add(this.retention);
  }
}
