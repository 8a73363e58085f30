import { Injectable } from '@nestjs/common';
import { sql } from '../../platform/database/query-builder.js';
import { notify } from '../../platform/database/notify.js';
import { claimByShardGroup, inShardGroup, isDistributed } from '../../platform/database/shard-groups.js';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { pageOutboxEvent } from '../application/integration-events.js';
import { ScheduledPages } from '../application/ports/page.ports.js';
import type { Page } from '../domain/page.js';
import { claimedPages, dueScheduleWorkspaces, slugsHeldBy, updateReturningBefore } from './page.statements.js';
import { changeable, toPage, updateMany } from './page-rows.js';
import { LIVE_PAGES_CHANNEL, pages } from './pages.tables.js';

/** The publish scheduler's pages in PostgreSQL: the claim of due schedules and the batch save of their publishes. */
@Injectable()
export class SqlScheduledPages extends ScheduledPages {
  constructor(
    private readonly db: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  /** Many updates in one statement, their outbox rows in one more; no slug moves (`PageRepository.update` makes those). */
  async saveAll(changes: { page: Page; expectedStamp: Date }[]): Promise<boolean> {
    if (!this.db.inTransaction()) throw new Error('saveAll must run inside a transaction');
    if (changes.length === 0) return true;
    const events = changes.flatMap(({ page }) => page.pullEvents());
    if (events.some((e) => e.type === 'PageSlugChanged')) throw new Error('saveAll does not move slugs: use PageRepository.update');
    if (await isDistributed(this.db)) {
      // On a cluster sharded with Citus, page by page: the one-statement form reads each row out of a JSON array
      // (`jsonb_populate_record`, STABLE, on a column), which Citus does not run in an UPDATE (docs/adr/0053).
      for (const { page, expectedStamp } of changes) {
        const s = page.snapshot();
        if ((await this.db.all(updateReturningBefore(s, changeable(s), expectedStamp))).length !== 1) return false;
      }
    } else {
      const written = await this.db.all(updateMany(changes.map((c) => ({ state: c.page.snapshot(), expectedStamp: c.expectedStamp }))));
      if (written.length !== changes.length) return false;
    }
    // Each page's live page changed (a publish): its slug, and every slug that redirects to it, shows something else.
    const held = (await this.db.all(slugsHeldBy({ pageIds: changes.map((c) => c.page.snapshot().id) }))).map((r) => r.slug);
    await notify(this.db, LIVE_PAGES_CHANNEL, [...changes.map((c) => c.page.snapshot().slug), ...held]);
    await this.outbox.append(events.flatMap((e) => pageOutboxEvent(e) ?? []));
    return true;
  }

  /**
   * Two steps: the due rows are locked first, reading only their ids and draft sizes, then the longest prefix within
   * `maxBytes` of draft JSON (at least one page) is read in full. The rest stay locked until the commit, then due.
   */
  async claimDue(now: Date, limit: number, maxBytes = Infinity): Promise<Page[]> {
    if (!this.db.inTransaction()) throw new Error('claimDue must run inside a transaction');
    // One shard group a transaction on a cluster sharded by workspace (docs/adr/0053), the first whose due pages are not
    // all held by another worker; every workspace on one PostgreSQL.
    const due = await claimByShardGroup(
      this.db,
      async () => (await this.db.all(dueScheduleWorkspaces({ now, limit }))).map((r) => r.workspace_id),
      (group) =>
        this.db.all(
          pages
            .selectFrom('pages')
            .select(['workspace_id', 'id', sql<number>`octet_length(draft_blocks::text)`.as('bytes')])
            .where(inShardGroup(group))
            .where('scheduled_publish_at', 'is not', null)
            .where('scheduled_publish_at', '<=', now)
            .orderBy('scheduled_publish_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        ),
      (claimed) => claimed.length > 0,
    );
    const claimed: typeof due = [];
    let bytes = 0;
    for (const d of due) {
      bytes += d.bytes;
      if (claimed.length > 0 && bytes > maxBytes) break;
      claimed.push(d);
    }
    if (claimed.length === 0) return [];
    const rows = await this.db.all(
      claimedPages({ workspaceIds: [...new Set(claimed.map((d) => d.workspace_id))], ids: claimed.map((d) => d.id) }),
    );
    return rows.map(toPage);
  }
}
