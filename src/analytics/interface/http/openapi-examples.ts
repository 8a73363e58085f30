import type { SchemaExamples } from '../../../platform/openapi/examples.js';

/** The analytics context's response examples. */
export const ANALYTICS_EXAMPLES: SchemaExamples = {
  AnalyticsSummaryResponse: {
    month: {
      summary: 'The last 30 days',
      value: {
        range_days: 30,
        totals: { views: 1280, clicks: 214, unique_visitors: 903, ctr_percent: 16.72 },
        top_links: [{ label: 'My latest talk', url: 'https://example.com/talk', clicks: 141, page_title: 'Ada Lovelace' }],
        top_referrers: [
          { label: 'Direct', views: 702 },
          { label: 'news.ycombinator.com', views: 311 },
        ],
        tips: { count: 12, total_gross_cents: 6000, refunded_count: 1, unique_fans: 10, currency: 'usd' },
      },
    },
  },
};
