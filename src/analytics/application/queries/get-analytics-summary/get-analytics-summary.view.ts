import type { RangeDays } from '../../../domain/analytics.js';

export interface AnalyticsSummaryView {
  range_days: RangeDays;
  totals: { views: number; clicks: number; unique_visitors: number; ctr_percent: number };
  top_links: { label: string; url: string; clicks: number; page_title: string }[];
  top_referrers: { label: string; views: number }[];
  tips: { count: number; total_gross_cents: number; refunded_count: number; unique_fans: number; currency: string };
}
