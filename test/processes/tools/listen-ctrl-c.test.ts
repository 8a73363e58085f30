import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { apiOk } from '../../support/api-calls.js';
import { Listener, Receiver } from '../../support/listen.js';
import { launch } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The test app's master key: the processes read what it wrote. */
const KEY = Buffer.alloc(32, 9).toString('base64');

/** Resolves the exit status of `child` and how long it took from now. */
function exitOf(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, ms: performance.now() - started })));
}

/**
 * decisions.md, fifth round, "The second hour": with `bio-page listen` attached, Ctrl-C (SIGINT) to the service ends it
 * within 2 s (docs/configuration.md: SIGINT does not wait); listen says the server went away and, once the service is
 * back, reconnects and forwards what is published.
 */
describe('Ctrl-C with bio-page listen attached', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-listen-ctrl-c-'));
  let env: Record<string, string>;
  let api: ChildProcess | null = null;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
    env = {
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: KEY,
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      RATE_LIMIT_BURST_REQUESTS: '100000',
      // the default drain, which SIGINT must skip
      SHUTDOWN_DRAIN_MS: '5000',
    };
  }, 60_000);

  afterAll(async () => {
    for (const c of Listener.started) if (c.exitCode === null) c.kill('SIGKILL');
    if (api && api.exitCode === null) api.kill('SIGKILL');
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the service exits within 2 s; listen says so and reconnects when it is back', async () => {
    const tenant = await aTenant(t.commands);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The whole service, as `npm start` runs it (API and workers).
    ({ child: api } = await launch('dist/main.js', { ...env, PORT: String(port) }, /API listening/));
    const receiver = new Receiver();
    await receiver.start();
    const listener = await Listener.start(base, tenant.key, receiver.url);
    try {
      await new Promise((r) => setTimeout(r, 500)); // the stream is open
      const exited = exitOf(api);
      api.kill('SIGINT');
      const { code, ms } = await exited;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(2_000);
      await listener.waitFor(() => /Cannot reach|reconnecting/.test(listener.err), 5_000);

      ({ child: api } = await launch('dist/main.js', { ...env, PORT: String(port) }, /API listening/));
      await listener.waitFor(() => /Reconnected/.test(listener.err), 15_000);
      const call = apiOk(t, tenant.auth);
      const page = await call('POST', '/v1/pages', { title: 'After the restart' });
      await call('POST', `/v1/pages/${page.id}/publish`, {});
      await receiver.waitFor(() => receiver.of('page.published').some((r) => r.envelope.data.page?.id === page.id), 15_000);
      expect(await listener.interrupt()).toBe(0);
    } finally {
      await receiver.close();
    }
  }, 90_000);
});
