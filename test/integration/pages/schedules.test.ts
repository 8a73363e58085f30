import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { PublishScheduler } from '../../../src/pages/index.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { apiCall, type Json } from '../../support/api-calls.js';
import { untilWaitingOnLock } from '../../support/lock-waits.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Auth = Record<string, string>;

/**
 * Schedules you can see and call off (issue 39 item 4, operation 25, docs/adr/0070): `scheduled_for` on the page
 * object and in the list, `DELETE /v1/pages/{page_id}/schedule`, and publish's optional `expected_updated_at`.
 */
describe('schedules', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000', PUBLIC_SITE_URL: 'https://bio.example' } });
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, body?: unknown, auth: Auth = tenant.auth, headers: Auth = {}) =>
    apiCall(t, { ...auth, ...headers })(method, url, body);
  const ok = async (method: string, url: string, body?: unknown): Promise<Json> => {
    const res = await call(method, url, body);
    expect([method, url, res.statusCode < 300 ? 'ok' : res.body]).toEqual([method, url, 'ok']);
    return res.json() as Json;
  };
  const problem = (res: LightMyRequestResponse, status: number, code: string): Json => {
    expect([res.statusCode, res.headers['content-type']]).toEqual([status, expect.stringMatching(/application\/problem\+json/)]);
    expect(res.json()).toMatchObject({ status, code });
    return res.json() as Json;
  };
  const cancel = (pageId: string, auth: Auth = tenant.auth, headers: Auth = {}) =>
    call('DELETE', `/v1/pages/${pageId}/schedule`, undefined, auth, headers);
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  /** A draft page with one LINK block. */
  const aDraft = async (title: string, auth: Auth = tenant.auth) => {
    const created = (await call('POST', '/v1/pages', { title }, auth)).json() as Json;
    const res = await call(
      'POST',
      `/v1/pages/${created.id}/blocks`,
      { expected_updated_at: created.draft.updated_at, kind: 'LINK', data: { url: 'https://example.com/', title: 'Example' } },
      auth,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as Json;
  };
  const schedule = async (pageId: string, startsAt = inAnHour(), auth: Auth = tenant.auth) => {
    const res = await call('POST', `/v1/pages/${pageId}/publish`, { starts_at: startsAt }, auth);
    expect(res.statusCode).toBe(200);
    return res.json() as Json;
  };
  /** Makes a pending schedule due now (as the clock would), without firing it. */
  const makeDue = (pageId: string) =>
    t.sql(`UPDATE pages SET scheduled_publish_at = now() - interval '1 second' WHERE id = $1 AND scheduled_publish_at IS NOT NULL`, [
      pageId,
    ]);
  const publishedEvents = async (pageId: string) =>
    (
      await t.sql<{ id: string }>(
        `SELECT payload->'data'->'page'->>'id' AS id FROM outbox WHERE workspace_id = $1 AND type = 'page.published'`,
        [tenant.workspace.id],
      )
    ).filter((r) => r.id === pageId).length;
  const monthlyUsed = async (workspaceId: string) =>
    Number((await t.sql<{ used: string }>(`SELECT used FROM quota_usage WHERE workspace_id = $1`, [workspaceId]))[0]?.used ?? 0);
  const summaryOf = async (pageId: string) => {
    const list = (await ok('GET', '/v1/pages?limit=100')).data as Json[];
    return list.find((p) => p.id === pageId)!;
  };

  describe('scheduled_for on the page', () => {
    it('shows a pending schedule in get, list and the publish answer; null otherwise, and again after publish now or archive', async () => {
      const page = await aDraft('Seen schedule');
      expect((await ok('GET', `/v1/pages/${page.id}`)).scheduled_for).toBeNull();
      expect(page.scheduled_for).toBeNull();
      expect((await summaryOf(page.id)).scheduled_for).toBeNull();

      const at = new Date(Date.now() + 7_200_000);
      at.setUTCMilliseconds(0);
      const scheduled = await schedule(page.id, at.toISOString().replace('.000Z', '+00:00'));
      expect(scheduled).toMatchObject({ scheduled_for: at.toISOString(), page: { scheduled_for: at.toISOString(), status: 'DRAFT' } });
      expect(await ok('GET', `/v1/pages/${page.id}`)).toMatchObject({ scheduled_for: at.toISOString(), status: 'DRAFT' });
      expect(await summaryOf(page.id)).toMatchObject({ scheduled_for: at.toISOString(), status: 'DRAFT' });

      // Publishing now replaces it, and the page says so.
      const now = await ok('POST', `/v1/pages/${page.id}/publish`, {});
      expect(now).toMatchObject({ scheduled_for: null, page: { scheduled_for: null, status: 'PUBLISHED' } });
      expect((await ok('GET', `/v1/pages/${page.id}`)).scheduled_for).toBeNull();
      expect((await summaryOf(page.id)).scheduled_for).toBeNull();

      // Archiving calls it off as well.
      await schedule(page.id);
      expect((await ok('GET', `/v1/pages/${page.id}`)).scheduled_for).toEqual(expect.any(String));
      expect((await ok('POST', `/v1/pages/${page.id}/archive`)).scheduled_for).toBeNull();
      expect((await summaryOf(page.id)).scheduled_for).toBeNull();
    });

    it('goes back to null once the scheduler fires the schedule', async () => {
      const page = await aDraft('Fired schedule');
      await schedule(page.id);
      await makeDue(page.id);
      expect(await t.app.get(PublishScheduler).fireDue()).toBeGreaterThanOrEqual(1);
      expect(await ok('GET', `/v1/pages/${page.id}`)).toMatchObject({ status: 'PUBLISHED', scheduled_for: null });
      expect((await summaryOf(page.id)).scheduled_for).toBeNull();
    });
  });

  describe('DELETE /v1/pages/{page_id}/schedule (operation 25)', () => {
    it('calls the schedule off: 200 with the page, nothing else changed, and the schedule never fires', async () => {
      const live = await aDraft('Called off');
      await ok('POST', `/v1/pages/${live.id}/publish`, {});
      // A newer draft, scheduled to replace the live page; the schedule falls due but has not fired yet.
      await ok('PATCH', `/v1/pages/${live.id}`, {
        expected_updated_at: (await ok('GET', `/v1/pages/${live.id}`)).draft.updated_at,
        block_updates: [{ block_id: live.draft.blocks[0].id, data: { title: 'Not yet' } }],
      });
      await schedule(live.id);
      await makeDue(live.id);
      const control = await aDraft('Still scheduled');
      await schedule(control.id);
      await makeDue(control.id);
      const before = await ok('GET', `/v1/pages/${live.id}`);
      const usedBefore = await monthlyUsed(tenant.workspace.id);

      const res = await cancel(live.id);
      expect(res.statusCode).toBe(200);
      // It answers like publish: the page and its schedule, which is none now (fifth round, "The second hour").
      expect(Object.keys(res.json() as Json).sort()).toEqual(['page', 'scheduled_for']);
      expect((res.json() as Json).scheduled_for).toBeNull();
      const page = (res.json() as Json).page as Json;
      expect(page).toEqual({ ...before, scheduled_for: null, draft: { ...before.draft, updated_at: page.draft.updated_at } });
      expect(new Date(page.draft.updated_at).getTime()).toBeGreaterThan(new Date(before.draft.updated_at).getTime());
      expect(page.draft.blocks[0].data.title).toBe('Not yet');
      expect(await ok('GET', `/v1/pages/${live.id}`)).toEqual(page);
      expect(await monthlyUsed(tenant.workspace.id)).toBe(usedBefore); // calling a schedule off costs no quota unit

      // The scheduler fires the other page and passes this one by: no publish, no page.published.
      const eventsBefore = await publishedEvents(live.id);
      await t.app.get(PublishScheduler).fireDue();
      expect(await publishedEvents(control.id)).toBe(1);
      expect(await publishedEvents(live.id)).toBe(eventsBefore);
      const [row] = await t.sql<{ live: string }>(`SELECT live_blocks->0->'data'->>'title' AS live FROM pages WHERE id = $1`, [live.id]);
      expect(row!.live).toBe('Example');
      expect(await ok('GET', `/v1/pages/${live.id}`)).toEqual(page);
    });

    it('answers 404 when nothing is scheduled: never, a second time, after it fired; an unknown or another workspace’s page', async () => {
      const never = await aDraft('Never scheduled');
      expect(problem(await cancel(never.id), 404, 'resource_not_found').detail).toMatch(/no scheduled publish/);

      const twice = await aDraft('Cancelled twice');
      await schedule(twice.id);
      expect((await cancel(twice.id)).statusCode).toBe(200);
      problem(await cancel(twice.id), 404, 'resource_not_found');

      const fired = await aDraft('Already fired');
      await schedule(fired.id);
      await makeDue(fired.id);
      await t.app.get(PublishScheduler).fireDue();
      problem(await cancel(fired.id), 404, 'resource_not_found');
      expect((await ok('GET', `/v1/pages/${fired.id}`)).status).toBe('PUBLISHED');

      const other = await aTenant(t.commands);
      const theirs = await aDraft('Theirs', other.auth);
      await schedule(theirs.id, inAnHour(), other.auth);
      expect(problem(await cancel(theirs.id), 404, 'resource_not_found').detail).toBe('No such page.');
      expect(problem(await cancel('pg_does_not_exist'), 404, 'resource_not_found').detail).toBe('No such page.');
      expect((await call('GET', `/v1/pages/${theirs.id}`, undefined, other.auth)).json()).toMatchObject({
        scheduled_for: expect.any(String),
      });
    });

    it('is refused to a test-mode key (403) and to a key without the publish scope (403); the schedule stays', async () => {
      const page = await aDraft('Guarded schedule');
      const { scheduled_for } = await schedule(page.id);
      const testKey = await aKey(t.commands, tenant.workspace.id, { mode: 'test' });
      problem(await cancel(page.id, { authorization: `Bearer ${testKey.key}` }), 403, 'test_key_read_only');
      const writer = await aKey(t.commands, tenant.workspace.id, { scopes: ['pages:read', 'pages:write'] });
      expect(problem(await cancel(page.id, { authorization: `Bearer ${writer.key}` }), 403, 'insufficient_scope').detail).toContain(
        'publish',
      );
      expect((await ok('GET', `/v1/pages/${page.id}`)).scheduled_for).toBe(scheduled_for);
      const publisher = await aKey(t.commands, tenant.workspace.id, { scopes: ['publish'] });
      expect((await cancel(page.id, { authorization: `Bearer ${publisher.key}` })).statusCode).toBe(200);
    });

    it('replays the first answer for the same Idempotency-Key; without one, a second call is 404', async () => {
      const page = await aDraft('Cancelled once');
      await schedule(page.id);
      const key = { 'idempotency-key': 'cancel-schedule-once' };
      const first = await cancel(page.id, tenant.auth, key);
      expect([first.statusCode, first.headers['idempotent-replayed']]).toEqual([200, undefined]);
      const again = await cancel(page.id, tenant.auth, key);
      expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
      expect(again.json()).toEqual(first.json());
      problem(await cancel(page.id), 404, 'resource_not_found');
      // A schedule made after the first call is not called off by its replay.
      await schedule(page.id);
      expect((await cancel(page.id, tenant.auth, key)).headers['idempotent-replayed']).toBe('true');
      expect((await ok('GET', `/v1/pages/${page.id}`)).scheduled_for).toEqual(expect.any(String));
    });

    it('waits for a scheduler that holds the page, then finds nothing scheduled (404), never a stale or double answer', async () => {
      const page = await aDraft('Raced by the scheduler');
      await schedule(page.id);
      await makeDue(page.id);
      // Another process's scheduler, its claim held open: the page is locked and being published, not yet committed.
      const scheduler = new pg.Client({ connectionString: t.databaseUrl });
      await scheduler.connect();
      try {
        await scheduler.query('BEGIN');
        await scheduler.query(`SELECT id FROM pages WHERE id = $1 AND scheduled_publish_at <= now() FOR UPDATE SKIP LOCKED`, [page.id]);
        let settled = false;
        const cancelling = cancel(page.id).finally(() => (settled = true));
        await untilWaitingOnLock(t, () => settled);
        expect(settled).toBe(false);
        await scheduler.query(
          `UPDATE pages SET status = 'PUBLISHED', live_blocks = draft_blocks, live_updated_at = now(), scheduled_publish_at = NULL,
                            draft_updated_at = draft_updated_at + interval '1 millisecond' WHERE id = $1`,
          [page.id],
        );
        await scheduler.query('COMMIT');
        problem(await cancelling, 404, 'resource_not_found');
      } finally {
        await scheduler.end();
      }
      expect(await ok('GET', `/v1/pages/${page.id}`)).toMatchObject({ status: 'PUBLISHED', scheduled_for: null });
    });

    it('against the scheduler firing at the same moment: each page is either called off or published, never both', async () => {
      const pages = [];
      for (let i = 0; i < 8; i++) {
        const page = await aDraft(`Race ${i}`);
        await schedule(page.id);
        pages.push(page);
      }
      for (const page of pages) await makeDue(page.id);
      const scheduler = t.app.get(PublishScheduler);
      const [answers] = await Promise.all([Promise.all(pages.map((p) => cancel(p.id))), scheduler.fireDue(), scheduler.fireDue()]);
      for (const [i, page] of pages.entries()) {
        const now = await ok('GET', `/v1/pages/${page.id}`);
        const events = await publishedEvents(page.id);
        expect(now.scheduled_for).toBeNull();
        if (answers[i]!.statusCode === 200) expect([now.status, events]).toEqual(['DRAFT', 0]);
        else {
          problem(answers[i]!, 404, 'resource_not_found');
          expect([now.status, events]).toEqual(['PUBLISHED', 1]);
        }
      }
      await scheduler.fireDue();
      for (const [i, page] of pages.entries()) expect(await publishedEvents(page.id)).toBe(answers[i]!.statusCode === 200 ? 0 : 1);
    });
  });

  describe('publish with expected_updated_at', () => {
    it('publishes the draft read: a fresh stamp 200, a stale one 409 stale_snapshot and nothing done; none at all as before', async () => {
      const page = await aDraft('Checked publish');
      const read = page.draft.updated_at;
      // Any spelling of the same instant is the same stamp.
      const fresh = await call('POST', `/v1/pages/${page.id}/publish`, { expected_updated_at: read.replace('Z', '+00:00') });
      expect(fresh.statusCode).toBe(200);
      expect((fresh.json() as Json).page).toMatchObject({ status: 'PUBLISHED', published: { block_count: 1 } });

      // The draft moved since (the publish itself moved the stamp): a publish of what was read is refused.
      const edited = await ok('POST', `/v1/pages/${page.id}/blocks`, {
        expected_updated_at: (fresh.json() as Json).page.draft.updated_at,
        kind: 'LINK',
        data: { url: 'https://example.com/2', title: 'Second' },
      });
      const eventsBefore = await publishedEvents(page.id);
      const stale = problem(await call('POST', `/v1/pages/${page.id}/publish`, { expected_updated_at: read }), 409, 'stale_snapshot');
      expect(stale.detail).toMatch(/expected_updated_at/);
      // Scheduling with a stale stamp is refused too; stale wins over an invalid starts_at, as on updatePage.
      problem(
        await call('POST', `/v1/pages/${page.id}/publish`, { expected_updated_at: read, starts_at: inAnHour() }),
        409,
        'stale_snapshot',
      );
      problem(
        await call('POST', `/v1/pages/${page.id}/publish`, { expected_updated_at: read, starts_at: 'tomorrow' }),
        409,
        'stale_snapshot',
      );
      problem(
        await call('POST', `/v1/pages/${page.id}/publish`, {
          expected_updated_at: read,
          starts_at: new Date(Date.now() - 1000).toISOString(),
        }),
        409,
        'stale_snapshot',
      );
      expect(await ok('GET', `/v1/pages/${page.id}`)).toMatchObject({
        scheduled_for: null,
        draft: { updated_at: edited.draft.updated_at },
        published: { block_count: 1 },
      });
      expect(await publishedEvents(page.id)).toBe(eventsBefore);
      // A stamp that is no date at all is a 400 at /expected_updated_at.
      expect(
        problem(await call('POST', `/v1/pages/${page.id}/publish`, { expected_updated_at: 'yesterday' }), 400, 'invalid_request').errors,
      ).toEqual([{ pointer: '/expected_updated_at', detail: expect.any(String) }]);

      // With the current stamp it schedules; calling the schedule off moves the stamp on, so the old one is stale.
      const scheduled = await ok('POST', `/v1/pages/${page.id}/publish`, {
        expected_updated_at: edited.draft.updated_at,
        starts_at: inAnHour(),
      });
      const cancelled = (await cancel(page.id)).json() as Json;
      problem(
        await call('POST', `/v1/pages/${page.id}/publish`, { expected_updated_at: scheduled.page.draft.updated_at }),
        409,
        'stale_snapshot',
      );
      // Without a stamp, as before: whatever the draft holds now goes live.
      const now = await ok('POST', `/v1/pages/${page.id}/publish`);
      expect(now.page).toMatchObject({ status: 'PUBLISHED', published: { block_count: 2 }, scheduled_for: null });
      expect(cancelled.scheduled_for).toBeNull();
    });
  });
});
