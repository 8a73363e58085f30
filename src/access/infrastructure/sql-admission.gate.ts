import { Inject, Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Sql } from '../../platform/database/sql.js';
import { shareWindow } from '../../platform/rate-limit/fixed-window.js';
import { Clock } from '../../platform/time/clock.js';
import { AdmissionGate, type Admission, type AdmissionTicket } from '../application/ports/access.repositories.js';

/**
 * The burst limiter on PostgreSQL (a fixed window per key in `rate_limits`, shared by every process),
 * with the requests that arrive in the same event-loop turn counted together: one statement adds each
 * key's hits, and also reads the workspaces' quota usage and the access epoch. Under load one round trip
 * admits dozens of requests; alone, a request pays one round trip (docs/adr/0020).
 */
@Injectable()
export class SqlAdmissionGate extends AdmissionGate {
  private readonly loader: DataLoader<AdmissionTicket, Admission>;

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.loader = new DataLoader((tickets) => this.admitAll(tickets), {
      cache: false,
      maxBatchSize: 500,
      // After the poll phase: every request read in this turn of the loop joins the batch.
      batchScheduleFn: (run) => setImmediate(run),
    });
  }

  admit(ticket: AdmissionTicket): Promise<Admission> {
    return this.loader.load(ticket);
  }

  private async admitAll(tickets: readonly AdmissionTicket[]): Promise<Admission[]> {
    const { burstRequests: limit, burstWindowSeconds: windowSeconds } = this.config.rateLimit;
    const hits = new Map<string, number>();
    for (const t of tickets) hits.set(`burst:${t.keyId}`, (hits.get(`burst:${t.keyId}`) ?? 0) + 1);
    const keys = [...hits.keys()].sort(); // one lock order for every process: no deadlocks between batches
    const quotaKeys = [...new Map(tickets.map((t) => [`${t.workspaceId} ${t.period}`, t])).values()]; // the primary key, probed per pair
    const now = this.clock.now().getTime();
    const rows = await this.sql.all<{ kind: string; id: string; value: string; expire: string | null }>(
      `WITH hits AS (SELECT * FROM unnest(?::text[], ?::int[]) WITH ORDINALITY AS h(key, n, ord)),
            counted AS (
              INSERT INTO rate_limits (key, points, expire)
              SELECT key, n, ?::bigint FROM hits ORDER BY ord
              ON CONFLICT (key) DO UPDATE SET
                points = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire <= ?::bigint
                              THEN EXCLUDED.points ELSE rate_limits.points + EXCLUDED.points END,
                expire = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire <= ?::bigint
                              THEN EXCLUDED.expire ELSE rate_limits.expire END
              RETURNING key, points, expire)
       SELECT 'burst' AS kind, key AS id, points::text AS value, expire::text FROM counted
       UNION ALL
       SELECT 'quota', q.workspace_id || ' ' || q.period, q.used::text, NULL
         FROM unnest(?::text[], ?::text[]) AS wanted(workspace_id, period)
         JOIN quota_usage q ON q.workspace_id = wanted.workspace_id AND q.period = wanted.period
       UNION ALL
       SELECT 'epoch', '', epoch::text, NULL FROM access_epoch`,
      [
        keys,
        keys.map((k) => hits.get(k)!),
        now + windowSeconds * 1000,
        now,
        now,
        quotaKeys.map((t) => t.workspaceId),
        quotaKeys.map((t) => t.period),
      ],
    );
    const burst = new Map<string, ReturnType<typeof shareWindow>>();
    const quota = new Map<string, number>();
    let epoch = 0;
    for (const r of rows) {
      if (r.kind === 'burst') burst.set(r.id, shareWindow(Number(r.value), hits.get(r.id)!, limit, windowSeconds, Number(r.expire) - now));
      else if (r.kind === 'quota') quota.set(r.id, Number(r.value));
      else epoch = Number(r.value);
    }
    return tickets.map((t) => ({
      burst: burst.get(`burst:${t.keyId}`)!.shift()!,
      quotaUsed: quota.get(`${t.workspaceId} ${t.period}`) ?? 0,
      epoch,
    }));
  }
}
