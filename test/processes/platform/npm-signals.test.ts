import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk } from '../../support/api-calls.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { launch, stop } from '../../support/processes.js';
import { SteadyLoad } from '../../support/steady-load.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The test app's master key: the processes read what it wrote. */
const KEY = Buffer.alloc(32, 9).toString('base64');
const ROOT = new URL('../../../', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const EVENTS = 2_000;

/** The pids whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${d}/status`, 'utf8'))![1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

/** `npm run <script>` in a process group of its own, as a supervisor (or a terminal) starts it. */
async function npmRun(script: string, env: Record<string, string>, ready: RegExp): Promise<{ npm: ChildProcess; service: number }> {
  const npm = spawn('npm', ['run', script], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout!.on('data', (d: Buffer) => (out += String(d)));
  npm.stderr!.on('data', (d: Buffer) => (out += String(d)));
  for (const deadline = Date.now() + 60_000; !ready.test(out); await sleep(50)) {
    if (npm.exitCode !== null) throw new Error(`npm run ${script} exited with ${npm.exitCode}:\n${out}`);
    if (Date.now() > deadline) throw new Error(`npm run ${script} did not start:\n${out}`);
  }
  // The script execs the service: npm's one child is the service itself, no shell between them.
  const [service] = childrenOf(npm.pid!);
  expect(readFileSync(`/proc/${service}/cmdline`, 'utf8')).toContain('dist/');
  return { npm, service: service! };
}

function exitOf(child: ChildProcess, ms: number): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not exited within ${ms} ms`)), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/**
 * decisions.md, fifth round, "The second hour": `npm start`, `npm run api` and `npm run worker` pass a supervisor's
 * SIGTERM on, sent to npm's pid alone or to its whole process group: the service drains and exits 0, npm exits 0,
 * nothing is left running, and no view (API) or delivery (worker) is lost.
 */
describe('npm run start | api | worker under a supervisor', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-npm-signals-'));
  let env: Record<string, string>;
  let slug = '';
  let pageId = '';

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (_req, res) => void setTimeout(() => res.writeHead(204).end(), 5);
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000', WEBHOOK_ALLOWED_TARGETS: rx.target } });
    env = {
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: KEY,
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      SHUTDOWN_DRAIN_MS: '300',
      SITE_VIEWS_PER_ADDRESS_PER_MINUTE: '1000000',
      RATE_LIMIT_BURST_REQUESTS: '100000',
      WEBHOOK_ALLOWED_TARGETS: rx.target,
      NODE_EXTRA_CA_CERTS: new URL('../../support/tls/ca.pem', import.meta.url).pathname,
    };
    const tenant = await aTenant(t.commands);
    const page = await aLivePage(apiOk(t, tenant.auth), 'Signals', [
      { kind: 'LINK', data: { url: 'https://one.example/', title: 'A link' } },
    ]);
    slug = String(page.slug);
    pageId = String(page.id);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await rx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const views = async () =>
    (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_facts WHERE page_id = $1`, [pageId]))[0]!.n;

  for (const script of ['start', 'api'] as const)
    for (const to of ['npm', 'group'] as const)
      it(`npm run ${script}: SIGTERM to ${to === 'npm' ? "npm's pid" : 'the group'} drains, exits 0, counts every view`, async () => {
        const port = await freePort();
        const before = await views();
        const { npm, service } = await npmRun(script, { ...env, PORT: String(port) }, /API listening/);
        const load = new SteadyLoad(port, () => ({ method: 'GET', path: `/p/${slug}`, headers: { 'user-agent': 'Mozilla/5.0' } }), 4, 5);
        await sleep(1_000);
        process.kill(to === 'npm' ? npm.pid! : -npm.pid!, 'SIGTERM');
        const exit = await exitOf(npm, 30_000);
        const report = await load.stop();
        expect(exit).toEqual({ code: 0, signal: null });
        expect(alive(service)).toBe(false);
        const ok = report.statuses.get(200) ?? 0;
        expect(ok).toBeGreaterThan(50);
        expect((await views()) - before).toBe(ok); // every view that got a 200 was counted
      }, 90_000);

  for (const to of ['npm', 'group'] as const)
    it(`npm run worker: SIGTERM to ${to === 'npm' ? "npm's pid" : 'the group'} drains, exits 0, loses no delivery`, async () => {
      const tenant = await aTenant(t.commands);
      await apiOk(t, tenant.auth)('POST', '/v1/webhook-endpoints', { url: rx.url(`/w-${to}`), event_types: ['contact.created'] });
      await t.sql(
        `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
         SELECT 'whmsg_sig${to}' || g, $1, 'contact.created', '{"data":{}}', now() FROM generate_series(1, $2::int) g`,
        [tenant.workspace.id, EVENTS],
      );
      const received = () =>
        new Set(
          rx
            .at(`/w-${to}`)
            .map((r) => String(r.headers['webhook-id']))
            .filter((id) => id.startsWith('whmsg_sig')),
        );
      const { npm, service } = await npmRun('worker', env, /workers running/);
      await t.sql('NOTIFY outbox');
      for (const deadline = Date.now() + 30_000; received().size < EVENTS * 0.1; await sleep(10))
        if (Date.now() > deadline) throw new Error(`the drain did not start (${received().size})`);
      process.kill(to === 'npm' ? npm.pid! : -npm.pid!, 'SIGTERM');
      expect(await exitOf(npm, 30_000)).toEqual({ code: 0, signal: null });
      expect(alive(service)).toBe(false);
      // What it had not sent is still there for the next worker: it sends the rest, nothing is lost.
      const next = await launch('dist/worker.js', env, /workers running/);
      try {
        for (const deadline = Date.now() + 60_000; received().size < EVENTS; await sleep(100))
          if (Date.now() > deadline) throw new Error(`not every event arrived (${received().size} of ${EVENTS})`);
      } finally {
        await stop(next.child);
      }
      expect(received().size).toBe(EVENTS);
    }, 120_000);
});
