import { Controller, Get } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { FlushVisitsCommand } from '../../application/commands/flush-visits/flush-visits.command.js';
import { GetAnalyticsSummaryQuery } from '../../application/queries/get-analytics-summary/get-analytics-summary.query.js';
import { RANGE_DAYS, type RangeDays } from '../../domain/analytics.js';

export class SummaryQuery {
  @ApiPropertyOptional({
    type: 'integer',
    enum: [...RANGE_DAYS],
    default: 30,
    description: 'The last 7, 30 or 90 UTC days, today included.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsIn([...RANGE_DAYS], { message: 'range_days must be 7, 30 or 90' })
  range_days: RangeDays = 30;
}

class Totals {
  @ApiProperty({ type: 'integer' }) views!: number;
  @ApiProperty({ type: 'integer' }) clicks!: number;
  @ApiProperty({ type: 'integer' }) unique_visitors!: number;
  @ApiProperty({ description: 'clicks / views × 100, 2 decimals; 0 without views' }) ctr_percent!: number;
}
class TopLink {
  @ApiProperty({ description: "the LINK block's label" }) label!: string;
  @ApiProperty({ description: 'the link target (not the tracked redirect)' }) url!: string;
  @ApiProperty({ type: 'integer' }) clicks!: number;
  @ApiProperty() page_title!: string;
}
class TopReferrer {
  @ApiProperty({ description: 'referrer host, or "Direct"' }) label!: string;
  @ApiProperty({ type: 'integer' }) views!: number;
}
class Tips {
  @ApiProperty({ type: 'integer' }) count!: number;
  @ApiProperty({ type: 'integer' }) total_gross_cents!: number;
  @ApiProperty({ type: 'integer' }) refunded_count!: number;
  @ApiProperty({ type: 'integer' }) unique_fans!: number;
  @ApiProperty({ description: 'lower-case currency code' }) currency!: string;
}
export class AnalyticsSummaryResponse {
  @ApiProperty({ type: 'integer', enum: [...RANGE_DAYS] }) range_days!: number;
  @ApiProperty({ type: Totals }) totals!: Totals;
  @ApiProperty({ type: [TopLink] }) top_links!: TopLink[];
  @ApiProperty({ type: [TopReferrer] }) top_referrers!: TopReferrer[];
  @ApiProperty({ type: Tips }) tips!: Tips;
}

@ApiTags('Analytics')
@Controller('v1/analytics')
export class AnalyticsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('summary')
  @Operation({
    id: 'getAnalyticsSummary',
    summary: 'Views, clicks, unique visitors, top links and referrers, and tips',
    scope: 'analytics:read',
    write: false,
    quotaCost: 1,
    idempotent: false,
    status: 200,
    query: SummaryQuery,
    response: AnalyticsSummaryResponse,
  })
  async summary(@Caller() caller: RequestPrincipal, @Input('query') q: SummaryQuery) {
    // The visits this process still buffers are written first (docs/adr/0029), so the summary counts a view made just
    // before it; other processes' arrive within a second. The query itself only reads.
    await this.commands.execute(new FlushVisitsCommand());
    return this.queries.execute(new GetAnalyticsSummaryQuery(caller.workspaceId, q.range_days));
  }
}
