import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { FireDueSchedulesCommand } from '../../../src/pages/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const PAGES = 300;

/**
 * Scheduled publishes with worker processes (`dist/worker.js`, docs/adr/0052): PAGES pages of one workspace due at
 * one instant are published by two workers, each exactly once (one page.published row, one live version); and a
 * worker killed in the middle of a batch (its transaction never commits) leaves that batch to the other worker,
 * still exactly once. One page is built through the API; the others are SQL copies of its row, read back by the API.
 */
describe('scheduled publishes across worker processes', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-scheduler-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: false });
    env = {
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), // the test app's key
      DATA_DIR: dataDir,
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** PAGES scheduled pages with two LINK blocks each in a new workspace, due in an hour; returns their slugs by id. */
  async function scheduledPages(prefix: string): Promise<{ workspaceId: string; slugs: Map<string, string> }> {
    const { workspace, auth } = await aTenant(t.commands);
    const headers = { ...auth, 'content-type': 'application/json' };
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await t.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
      expect(res.statusCode).toBeLessThan(300);
      return res.json<{ id: string; slug: string; status: string; draft: { updated_at: string; blocks: unknown[] } }>();
    };
    let page = await call('POST', '/v1/pages', { title: `${prefix} 0`, slug: `${prefix}-0` });
    for (const i of [1, 2])
      page = await call('POST', `/v1/pages/${page.id}/blocks`, {
        expected_updated_at: page.draft.updated_at,
        kind: 'LINK',
        data: { url: `https://example.com/${i}`, title: `Link ${i}` },
      });
    await call('POST', `/v1/pages/${page.id}/publish`, { starts_at: new Date(Date.now() + 3_600_000).toISOString() });
    await t.sql(
      `INSERT INTO pages SELECT (jsonb_populate_record(p, jsonb_build_object('id', p.id || '_' || g, 'slug', $2 || '-' || g,
                                                                             'title', $2 || ' ' || g))).*
         FROM pages p, generate_series(1, $3::int) g WHERE p.id = $1`,
      [page.id, prefix, PAGES - 1],
    );
    await t.sql(
      `INSERT INTO page_slugs (slug, workspace_id, page_id) SELECT $2 || '-' || g, $3, $1 || '_' || g FROM generate_series(1, $4::int) g`,
      [page.id, prefix, workspace.id, PAGES - 1],
    );
    const copy = await call('GET', `/v1/pages/${page.id}_${PAGES - 1}`);
    expect(copy).toMatchObject({ status: 'DRAFT', slug: `${prefix}-${PAGES - 1}`, draft: { blocks: [{}, {}] } });
    const rows = await t.sql<{ id: string; slug: string }>(`SELECT id, slug FROM pages WHERE workspace_id = $1`, [workspace.id]);
    return { workspaceId: workspace.id, slugs: new Map(rows.map((r) => [r.id, r.slug])) };
  }

  const makeDue = (workspaceId: string) =>
    t.sql(`UPDATE pages SET scheduled_publish_at = now() - interval '1 second' WHERE workspace_id = $1`, [workspaceId]);

  async function liveCount(workspaceId: string): Promise<number> {
    const [{ n }] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pages WHERE workspace_id = $1 AND status = 'PUBLISHED'`, [
      workspaceId,
    ]);
    return n;
  }

  async function waitFor(done: () => Promise<boolean>, ms: number, what: string): Promise<void> {
    for (const end = Date.now() + ms; !(await done());) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Every page live with its draft's blocks and no schedule left, and exactly one page.published row per page. */
  async function expectEachPublishedOnce(workspaceId: string, slugs: Map<string, string>): Promise<void> {
    const pages = await t.sql<{ id: string; status: string; same: boolean; scheduled: boolean }>(
      `SELECT id, status, live_blocks::text = draft_blocks::text AS same, scheduled_publish_at IS NOT NULL AS scheduled
         FROM pages WHERE workspace_id = $1`,
      [workspaceId],
    );
    expect(pages).toHaveLength(PAGES);
    expect(pages.filter((p) => p.status !== 'PUBLISHED' || !p.same || p.scheduled)).toEqual([]);
    const events = await t.sql<{ id: string; slug: string; n: number }>(
      `SELECT payload->'data'->'page'->>'id' AS id, payload->'data'->'page'->>'slug' AS slug, count(*)::int AS n
         FROM outbox WHERE workspace_id = $1 AND type = 'page.published' GROUP BY 1, 2`,
      [workspaceId],
    );
    expect(events).toHaveLength(PAGES);
    expect(events.filter((e) => e.n !== 1 || slugs.get(e.id) !== e.slug)).toEqual([]);
  }

  it(`publishes ${PAGES} pages due at one instant with two workers, each once, live on the site at once`, async () => {
    const { workspaceId, slugs } = await scheduledPages('launch');
    const last = [...slugs.values()].find((s) => s === `launch-${PAGES - 1}`)!;
    expect((await t.inject({ method: 'GET', url: `/p/${last}` })).statusCode).toBe(404); // not live yet
    const workers = await Promise.all(
      [1, 2].map(() => launch('dist/worker.js', { ...env, WORKER_ROLES: 'scheduler,relay' }, /workers running/)),
    );
    try {
      await makeDue(workspaceId);
      await waitFor(async () => (await liveCount(workspaceId)) === PAGES, 30_000, 'every page live');
      // The live site's cache let go of the 404 it held: the page answers within a second of going live.
      await waitFor(
        async () => {
          const res = await t.inject({ method: 'GET', url: `/p/${last}` });
          return res.statusCode === 200 && res.body.includes(`launch ${PAGES - 1}`);
        },
        1_000,
        'the live page on the site',
      );
      await new Promise((r) => setTimeout(r, 700)); // the next ticks find nothing more to fire
      await expectEachPublishedOnce(workspaceId, slugs);
    } finally {
      await Promise.all(workers.map((w) => stop(w.child)));
    }
  }, 90_000);

  it('keeps a batch within its bytes of drafts, and always takes at least one page', async () => {
    const { workspaceId } = await scheduledPages('bytes');
    await makeDue(workspaceId);
    const [{ bytes }] = await t.sql<{ bytes: number }>(
      `SELECT max(octet_length(draft_blocks::text))::int AS bytes FROM pages WHERE workspace_id = $1`,
      [workspaceId],
    );
    // Two pages' drafts fit in the budget, not three; a budget smaller than one page still publishes one.
    expect(await t.commands.execute(new FireDueSchedulesCommand(200, 2 * bytes + 1))).toBe(2);
    expect(await t.commands.execute(new FireDueSchedulesCommand(200, 1))).toBe(1);
    expect(await t.commands.execute(new FireDueSchedulesCommand(5))).toBe(5);
    expect(await liveCount(workspaceId)).toBe(8);
    while ((await t.commands.execute(new FireDueSchedulesCommand(200, 1_000_000))) > 0);
    expect(await liveCount(workspaceId)).toBe(PAGES);
  });

  it('a worker killed in the middle of a batch publishes none of it; the other worker publishes it, once', async () => {
    const { workspaceId, slugs } = await scheduledPages('crash');
    // Hold the outbox so that a batch stops after writing its pages, before its outbox rows and its commit.
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    const workers: Awaited<ReturnType<typeof launch>>[] = [];
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE outbox IN SHARE ROW EXCLUSIVE MODE');
      await makeDue(workspaceId);
      const doomed = await launch('dist/worker.js', { ...env, WORKER_ROLES: 'scheduler' }, /workers running/);
      workers.push(doomed);
      const waiting = async () => {
        const [{ n }] = await t.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ~* 'insert into "?outbox"?'`,
        );
        return n;
      };
      await waitFor(async () => (await waiting()) === 1, 15_000, 'a batch waiting to write its outbox rows');
      // Its pages are written in its transaction, so far invisible to everyone else.
      expect(await liveCount(workspaceId)).toBe(0);
      doomed.child.removeAllListeners('exit');
      const gone = new Promise<void>((r) => doomed.child.once('exit', () => r()));
      doomed.child.kill('SIGKILL');
      await gone;
      workers.splice(workers.indexOf(doomed), 1);
      workers.push(await launch('dist/worker.js', { ...env, WORKER_ROLES: 'scheduler' }, /workers running/));
      await blocker.query('COMMIT'); // the killed worker's statement finishes, finds its client gone, and rolls back
      await waitFor(async () => (await liveCount(workspaceId)) === PAGES, 30_000, 'every page live');
      await new Promise((r) => setTimeout(r, 700));
      await expectEachPublishedOnce(workspaceId, slugs);
    } finally {
      await blocker.end();
      await Promise.all(workers.map((w) => stop(w.child)));
    }
  }, 90_000);
});
