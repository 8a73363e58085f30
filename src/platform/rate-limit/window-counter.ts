import { Injectable } from '@nestjs/common';
import type { Expression } from 'kysely';
import { prepared, sql, type Slots } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { Clock } from '../time/clock.js';
import { rateLimits } from './rate-limit.tables.js';

/**
 * The update of a fixed-window upsert on `rate_limits` (`INSERT … ON CONFLICT (workspace_id, key) DO UPDATE SET …`): a window
 * that ended by `now` (ms) starts again with the inserted hits, to end at the inserted `expire`; an open one
 * adds them up. Shared by the API's burst limit (docs/adr/0020) and the form-post limit.
 */
export function windowUpdate(now: number | Expression<number>) {
  const ended = sql<boolean>`rate_limits.expire IS NULL OR rate_limits.expire <= ${now}::bigint`;
  return {
    points: sql<number>`CASE WHEN ${ended} THEN excluded.points ELSE rate_limits.points + excluded.points END`,
    expire: sql<string>`CASE WHEN ${ended} THEN excluded.expire ELSE rate_limits.expire END`,
  };
}

/** Counts one hit in the key's fixed window. */
const countHit = prepared((p: Slots<{ workspaceId: string; key: string; now: number; expire: number }>) =>
  rateLimits
    .insertInto('rate_limits')
    .values({ workspace_id: p.workspaceId, key: p.key, points: 1, expire: sql<string>`${p.expire}::bigint` })
    .onConflict((oc) => oc.columns(['workspace_id', 'key']).doUpdateSet(windowUpdate(p.now)))
    .returning(['points', 'expire']),
);

/** Windows that ended an hour ago or more: nothing reads them again (a new hit starts a new window). */
const purgeEnded = prepared((p: Slots<{ before: number }>) =>
  rateLimits
    .deleteFrom('rate_limits')
    .where('expire', '<', sql<string>`${p.before}::bigint`)
    .returning('key'),
);

export interface WindowVerdict {
  allowed: boolean;
  /** whole seconds until the window ends (at least 1 when refused) */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter per (workspace, key) in PostgreSQL's `rate_limits` (the table of the API's burst limit,
 * docs/adr/0020), so every process shares it: one statement counts the hit and says where it stands.
 * A refused hit still counts, as in any fixed window.
 */
@Injectable()
export class WindowCounter {
  constructor(
    private readonly db: Sql,
    private readonly clock: Clock,
  ) {}

  async hit(workspaceId: string, key: string, limit: number, windowSeconds: number): Promise<WindowVerdict> {
    const now = this.clock.now().getTime();
    const row = await this.db.one(countHit({ workspaceId, key, now, expire: now + windowSeconds * 1000 }));
    const count = row?.points ?? 1;
    const msLeft = Math.max(0, Number(row?.expire ?? now) - now);
    const allowed = count <= limit;
    return { allowed, retryAfterSeconds: Math.max(allowed ? 0 : 1, Math.ceil(msLeft / 1000)) };
  }

  /** Deletes windows that ended more than an hour ago; returns how many. */
  async purgeEnded(): Promise<number> {
    return (await this.db.all(purgeEnded({ before: this.clock.now().getTime() - 3_600_000 }))).length;
  }
}
