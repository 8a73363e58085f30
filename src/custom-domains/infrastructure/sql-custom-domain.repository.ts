import { Injectable } from '@nestjs/common';
import { lockName } from '../../platform/database/advisory-lock.js';
import { notify } from '../../platform/database/notify.js';
import type { Slots } from '../../platform/database/query-builder.js';
import { lockable, type LockOption } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import type { CustomDomainState, DomainEvent } from '../domain/custom-domain.js';
import { domainFromRow } from '../application/custom-domain.view.js';
import { domainOutboxEvent } from '../application/integration-events.js';
import { CustomDomainRepository, type StoredDomain } from '../application/ports/custom-domain.ports.js';
import { LIVE_PAGES_CHANNEL } from '../../pages/index.js';
import { customDomains, domainChanged, type CustomDomainRow } from './custom-domains.tables.js';

const domainById = lockable((p: Slots<{ workspaceId: string; id: string }>) =>
  customDomains.selectFrom('custom_domains').selectAll().where('workspace_id', '=', p.workspaceId).where('id', '=', p.id),
);

const stored = (row: CustomDomainRow): StoredDomain => ({ state: domainFromRow(row), version: row.version });

const columns = (d: CustomDomainState) => ({
  hostname: d.hostname,
  page_id: d.pageId,
  token: d.token,
  status: d.status,
  pending_since: d.pendingSince,
  verified_at: d.verifiedAt,
  missing_since: d.missingSince,
  checks: d.checks,
  last_checked_at: d.lastCheckedAt,
  next_check_at: d.nextCheckAt,
});

@Injectable()
export class SqlCustomDomainRepository extends CustomDomainRepository {
  constructor(
    private readonly db: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async lockAndCount(workspaceId: string): Promise<number> {
    await lockName(this.db, `custom_domains:${workspaceId}`);
    const row = await this.db.one(
      customDomains
        .selectFrom('custom_domains')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId),
    );
    return Number(row?.n ?? 0);
  }

  async lockHostname(hostname: string): Promise<void> {
    await lockName(this.db, `custom_domains:hostname:${hostname}`);
  }

  async verifiedElsewhere(hostname: string, workspaceId: string): Promise<boolean> {
    const row = await this.db.one(
      customDomains
        .selectFrom('custom_domains')
        .select('id')
        .where('hostname', '=', hostname)
        .where('status', '=', 'verified')
        .where('workspace_id', '<>', workspaceId),
    );
    return row !== undefined;
  }

  async add(d: CustomDomainState): Promise<boolean> {
    const inserted = await this.db.all(
      customDomains
        .insertInto('custom_domains')
        .values({ workspace_id: d.workspaceId, id: d.id, created_at: d.createdAt, version: 0, ...columns(d) })
        .onConflict((oc) => oc.columns(['workspace_id', 'hostname']).doNothing())
        .returning('id'),
    );
    return inserted.length > 0;
  }

  async byId(workspaceId: string, id: string, options: LockOption = {}): Promise<StoredDomain | null> {
    const row = await this.db.one(domainById(this.db, { workspaceId, id }, options));
    return row ? stored(row) : null;
  }

  async save(d: CustomDomainState, version: number, events: readonly DomainEvent[], servingChanged: boolean): Promise<boolean> {
    const updated = await this.db.all(
      customDomains
        .updateTable('custom_domains')
        .set({ ...columns(d), version: version + 1 })
        .where('workspace_id', '=', d.workspaceId)
        .where('id', '=', d.id)
        .where('version', '=', version)
        .returning('id'),
    );
    if (updated.length === 0) return false;
    await this.outbox.append(events.map((e) => domainOutboxEvent(e, d)));
    if (servingChanged) await notify(this.db, LIVE_PAGES_CHANNEL, [domainChanged(d.hostname)]);
    return true;
  }

  async remove(d: CustomDomainState): Promise<void> {
    await this.db.all(customDomains.deleteFrom('custom_domains').where('workspace_id', '=', d.workspaceId).where('id', '=', d.id));
    await notify(this.db, LIVE_PAGES_CHANNEL, [domainChanged(d.hostname)]);
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<StoredDomain[]> {
    return this.db.transaction(async () => {
      const rows = await this.db.all(
        customDomains
          .selectFrom('custom_domains')
          .selectAll()
          .where('next_check_at', '<=', now)
          .orderBy('next_check_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      );
      if (rows.length === 0) return [];
      const leased = new Date(now.getTime() + leaseMs);
      // The lease moves the version too: a check recorded against the version read here wins over nobody.
      const ids = rows.map((r) => r.id);
      const moved = await this.db.all(
        customDomains
          .updateTable('custom_domains')
          .set((eb) => ({ next_check_at: leased, version: eb('version', '+', 1) }))
          .where('id', 'in', ids)
          .where('next_check_at', '<=', now)
          .returning(['workspace_id', 'id', 'version']),
      );
      const versions = new Map(moved.map((m) => [`${m.workspace_id}/${m.id}`, m.version]));
      return rows
        .filter((r) => versions.has(`${r.workspace_id}/${r.id}`))
        .map((r) => ({ state: domainFromRow(r), version: versions.get(`${r.workspace_id}/${r.id}`)! }));
    });
  }
}
