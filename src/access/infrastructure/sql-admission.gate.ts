import { Inject, Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { prepared, queryBuilder, sql, type Slots } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { shareWindow } from '../../platform/rate-limit/fixed-window.js';
import { windowUpdate } from '../../platform/rate-limit/window-counter.js';
import { Clock } from '../../platform/time/clock.js';
import type { RateLimitDb } from '../../platform/rate-limit/rate-limit.tables.js';
import { type AccessDb } from './access.tables.js';
import { AdmissionGate, type Admission, type AdmissionTicket } from '../application/ports/access.repositories.js';

/** The admission statement reads the burst windows and quotas (platform) and the access epoch (this context). */
const gate = queryBuilder<RateLimitDb & AccessDb>();

/**
 * One statement per batch, compiled once (docs/adr/0027): adds each key's hits to its window (a window that
 * ended by `now` starts again, to end at `expire`), and reads the quota usage of the (workspace, period)
 * pairs and the access epoch. `keys` come sorted, so every process locks the windows in one order.
 * Rows: `burst` (key, points, expire), `quota` ("workspace period", used) and `epoch`.
 */
export const admission = prepared(
  (
    p: Slots<{
      keyWorkspaceIds: string[];
      keys: string[];
      counts: number[];
      now: number;
      expire: number;
      workspaceIds: string[];
      periods: string[];
    }>,
  ) =>
    gate
      .with('hits', (db) =>
        db
          .selectFrom(
            sql<{ workspace_id: string; key: string; n: number; ord: string }>`unnest(${p.keyWorkspaceIds}::text[], ${p.keys}::text[],
              ${p.counts}::int[]) WITH ORDINALITY`.as<'h'>(sql`h(workspace_id, key, n, ord)`),
          )
          .selectAll(),
      )
      .with('counted', (db) =>
        db
          .insertInto('rate_limits')
          .columns(['workspace_id', 'key', 'points', 'expire'])
          .expression((eb) =>
            eb
              .selectFrom('hits')
              .select(['workspace_id', 'key', 'n', sql<string>`${p.expire}::bigint`.as('expire')])
              .orderBy('ord'),
          )
          .onConflict((oc) => oc.columns(['workspace_id', 'key']).doUpdateSet(windowUpdate(p.now)))
          .returning(['key', 'points', 'expire']),
      )
      .selectFrom('counted')
      .select((eb) => [
        sql<string>`'burst'`.as('kind'),
        'key as id',
        eb.cast<string>('points', 'text').as('value'),
        eb.cast<string | null>('expire', 'text').as('expire'),
      ])
      .unionAll((qb) =>
        qb
          .selectFrom(
            sql<{ workspace_id: string; period: string }>`unnest(${p.workspaceIds}::text[], ${p.periods}::text[])`.as<'wanted'>(
              sql`wanted(workspace_id, period)`,
            ),
          )
          .innerJoin('quota_usage as q', (j) =>
            j.onRef('q.workspace_id', '=', 'wanted.workspace_id').onRef('q.period', '=', 'wanted.period'),
          )
          .select((eb) => [
            sql<string>`'quota'`.as('kind'),
            sql<string>`${eb.ref('q.workspace_id')} || ' ' || ${eb.ref('q.period')}`.as('id'),
            eb.cast<string>('q.used', 'text').as('value'),
            sql<string | null>`NULL`.as('expire'),
          ]),
      )
      .unionAll((qb) =>
        qb
          .selectFrom('access_epoch')
          .select((eb) => [
            sql<string>`'epoch'`.as('kind'),
            sql<string>`''`.as('id'),
            eb.cast<string>('epoch', 'text').as('value'),
            sql<string | null>`NULL`.as('expire'),
          ]),
      ),
);

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
    private readonly db: Sql,
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
    const workspaceOf = new Map<string, string>();
    for (const t of tickets) {
      hits.set(`burst:${t.keyId}`, (hits.get(`burst:${t.keyId}`) ?? 0) + 1);
      workspaceOf.set(`burst:${t.keyId}`, t.workspaceId);
    }
    const keys = [...hits.keys()].sort(); // one lock order for every process: no deadlocks between batches
    const quotaKeys = [...new Map(tickets.map((t) => [`${t.workspaceId} ${t.period}`, t])).values()]; // the primary key, probed per pair
    const now = this.clock.now().getTime();
    const rows = await this.db.all(
      admission({
        keyWorkspaceIds: keys.map((k) => workspaceOf.get(k)!),
        keys,
        counts: keys.map((k) => hits.get(k)!),
        now,
        expire: now + windowSeconds * 1000,
        workspaceIds: quotaKeys.map((t) => t.workspaceId),
        periods: quotaKeys.map((t) => t.period),
      }),
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
