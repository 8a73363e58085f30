import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql as statement, type Statement } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';

/**
 * The process's Prometheus registry: default process metrics, HTTP metrics, and the work queues read
 * from the database at scrape time (so any API process reports the whole deployment's backlog).
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly problems = new Counter({
    name: 'api_problems_total',
    help: 'Problem (error) responses by HTTP status and error code',
    labelNames: ['status', 'code'] as const,
    registers: [this.registry],
  });

  /** Live-site views served but not counted, by reason (docs/adr/0037): honest counting and the buffer's bound. */
  readonly viewsNotCounted = new Counter({
    name: 'site_views_not_counted_total',
    help: 'Live page views served but not counted: head, prefetch, not_document, bot, address_limit, buffer_full',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  constructor(db: Sql) {
    collectDefaultMetrics({ register: this.registry });
    /** A gauge set from one query at scrape time; when the database is down it keeps its last value. */
    const fromDatabase = (name: string, help: string, query: Statement<{ v: string | null }>) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const row = await db.one(query).catch(() => undefined);
          if (row) this.set(Number(row.v ?? 0));
        },
      });
    fromDatabase(
      'outbox_unpublished_events',
      'Domain events committed but not yet fanned out to webhook deliveries',
      statement`SELECT count(*) AS v FROM outbox WHERE processed_at IS NULL`,
    );
    fromDatabase(
      'webhook_deliveries_due',
      'PENDING webhook deliveries whose attempt is due now (the dispatchers’ backlog)',
      statement`SELECT count(*) AS v FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= now()`,
    );
    fromDatabase(
      'webhook_oldest_due_seconds',
      'How long the oldest due webhook delivery has waited past its attempt time',
      statement`SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)), 0) AS v
         FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= now()`,
    );
  }
}
