import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { Haproxy } from '../../support/haproxy.js';
import { BIN, Listener, Receiver, sleep } from '../../support/listen.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The test app's master key: the processes read what it wrote. */
const KEY = Buffer.alloc(32, 9).toString('base64');

/** `bin/bio-page listen --print-secret` for a key: the secret a local receiver verifies with. */
function printedSecret(apiKey: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(BIN, ['listen', '--print-secret'], { env: { ...process.env, BIO_PAGE_API_KEY: apiKey } }, (err, stdout) =>
      err ? reject(err) : resolve(stdout.trim()),
    ),
  );
}

/** A published page through the API at `base` (a process, or HAProxy): its id and when the API answered. */
async function publishPage(base: string, auth: Record<string, string>, title: string): Promise<{ id: string; answeredAt: number }> {
  const headers = { ...auth, 'content-type': 'application/json' };
  const created = await fetch(`${base}/v1/pages`, { method: 'POST', headers, body: JSON.stringify({ title }) });
  expect(created.status).toBe(201);
  const page = (await created.json()) as { id: string };
  const published = await fetch(`${base}/v1/pages/${page.id}/publish`, { method: 'POST', headers, body: '{}' });
  await published.arrayBuffer();
  expect(published.status).toBe(200);
  return { id: page.id, answeredAt: Date.now() };
}

/** The page ids of the `type` events received, repeats included, to compare with what was published. */
const idsOf = (rx: Receiver, type: string) => rx.of(type).map((r) => r.envelope.data.page?.id);

/**
 * `bio-page listen` against a running service (decisions.md, "Events you can fetch, and webhooks on a laptop"; docs/adr/0067):
 * the CLI reads `GET /v1/events/stream` and forwards each event, signed with the secret `--print-secret` prints, to a
 * local receiver within a second of the API's answer; it survives the API process being restarted (events published
 * meanwhile arrive after it reconnects, none lost, none repeated) and exits 0 on SIGINT. Then the same behind HAProxy
 * with three API processes, restarted in turn.
 */
describe('bio-page listen', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-listen-'));
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000', EVENT_STREAMS_PER_WORKSPACE: '2' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    env = {
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: KEY,
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      // a short heartbeat: the backstop look is exercised too
      EVENT_STREAM_HEARTBEAT_MS: '2000',
      RATE_LIMIT_BURST_REQUESTS: '100000',
    };
  }, 60_000);

  afterAll(async () => {
    for (const c of Listener.started) if (c.exitCode === null) c.kill('SIGKILL');
    await Promise.all(children.map((c) => stop(c)));
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startApi = async (port: number, extra: Record<string, string> = {}) => {
    const { child } = await launch('dist/main.js', { ...env, PORT: String(port), RUN_WORKERS: 'false', ...extra }, /API listening/);
    children.push(child);
    return child;
  };
  const startWorker = async () => {
    const { child } = await launch('dist/worker.js', env, /workers running/);
    children.push(child);
    return child;
  };

  it('refuses what it must (scope, unknown types), and past EVENT_STREAMS_PER_WORKSPACE; streams uncompressed', async () => {
    const tenant = await aTenant(t.commands);
    const base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const readOnly = await aKey(t.commands, tenant.workspace.id, { scopes: ['pages:read'] });
    const denied = await t.inject({ method: 'GET', url: '/v1/events/stream', headers: { authorization: `Bearer ${readOnly.key}` } });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'insufficient_scope']);
    const unknown = await t.inject({
      method: 'GET',
      url: '/v1/events/stream?type=page.published&type=page.exploded',
      headers: tenant.auth,
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'invalid_request']);
    expect(JSON.stringify(unknown.json().errors)).toContain('contact.created');

    // Two streams of the workspace are allowed here; a third is 503 with Retry-After (another process may have room).
    const opened = new AbortController();
    try {
      const headers = { ...tenant.auth, 'accept-encoding': 'br, gzip', 'last-event-id': 'whmsg_unknown' };
      const streams = [await fetch(`${base}/v1/events/stream`, { headers, signal: opened.signal })];
      streams.push(await fetch(`${base}/v1/events/stream?type=page.published`, { headers, signal: opened.signal }));
      for (const res of streams) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        expect(res.headers.get('content-encoding')).toBeNull();
        expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
        // An id the workspace has no event for: the stream starts from now.
        const first = await res.body!.getReader().read();
        expect(new TextDecoder().decode(first.value)).toBe(': from now\n\n');
      }
      const third = await fetch(`${base}/v1/events/stream`, { headers: tenant.auth });
      expect(third.status).toBe(503);
      expect(third.headers.get('retry-after')).toBe('5');
      expect(((await third.json()) as { code: string }).code).toBe('service_unavailable');
    } finally {
      opened.abort();
    }
    // The slots are given back when the clients go away.
    await sleep(200);
    const again = new AbortController();
    const res = await fetch(`${base}/v1/events/stream`, { headers: tenant.auth, signal: again.signal });
    expect(res.status).toBe(200);
    again.abort();
  });

  it('forwards a published page within 1 s, signed; resumes across a restart of the API process; exits 0 on SIGINT', async () => {
    const rx = new Receiver();
    await rx.start();
    const port = await freePort();
    let api = await startApi(port);
    await startWorker();
    const tenant = await aTenant(t.commands);
    const base = `http://127.0.0.1:${port}`;

    const listener = await Listener.start(base, tenant.key, rx.url);
    const secret = await printedSecret(tenant.key);
    expect(listener.out).toContain(`Ready. Forwarding to ${rx.url}. Signing secret: ${secret}`);

    // A page published through the API reaches the local receiver within 1 s of the API's answer, signed.
    const first = await publishPage(base, tenant.auth, 'Listened');
    await rx.waitFor(() => rx.of('page.published').length >= 1, 5_000);
    const [receipt] = rx.of('page.published');
    expect(receipt!.envelope.data.page?.id).toBe(first.id);
    expect(receipt!.at - first.answeredAt).toBeLessThan(1_000);
    expect(new Webhook(secret).verify(receipt!.body, receipt!.headers as Record<string, string>)).toEqual(JSON.parse(receipt!.body));
    expect(receipt!.headers['webhook-id']).toBe(receipt!.envelope.id);
    expect(receipt!.headers['content-type']).toBe('application/json');
    // The CLI's line: time, type, id, the receiver's status, duration.
    await listener.waitFor(() => listener.out.includes(receipt!.envelope.id), 2_000);
    expect(listener.out).toMatch(new RegExp(`^\\S+Z  page\\.published  ${receipt!.envelope.id}  200  \\d+ ms$`, 'm'));

    // The API process restarts; pages published meanwhile (through another API: the test's own, same database) arrive
    // once it is back and listen has reconnected, each once.
    expect(await stop(api)).toBe(0);
    children.splice(children.indexOf(api), 1);
    const call = (method: string, url: string, body?: unknown) =>
      t.inject({
        method: method as 'POST',
        url,
        headers: { ...tenant.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(body ?? {}),
      });
    const whileDown: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const page = (await call('POST', '/v1/pages', { title: `While down ${i}` })).json() as { id: string };
      expect((await call('POST', `/v1/pages/${page.id}/publish`)).statusCode).toBe(200);
      whileDown.push(page.id);
    }
    await sleep(1_000); // the worker relays them while no stream is open
    api = await startApi(port);
    await rx.waitFor(() => rx.of('page.published').length >= 1 + whileDown.length, 15_000);
    const after = await publishPage(base, tenant.auth, 'After the restart');
    await rx.waitFor(() => rx.of('page.published').length >= 2 + whileDown.length, 5_000);
    await sleep(2_500); // a heartbeat's look, and nothing more arrives
    // Events of one relay batch share their instant and come in id order: compare as sets, and count.
    expect(idsOf(rx, 'page.published').sort()).toEqual([first.id, ...whileDown, after.id].sort());
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(rx.received.length);
    expect(listener.err).toMatch(/reconnecting in/);

    expect(await listener.interrupt()).toBe(0);
    await rx.close();
  }, 90_000);

  it('behind HAProxy with three API processes: events committed through any reach the stream, across a rolling restart', async () => {
    const rx = new Receiver();
    await rx.start();
    const ports = [await freePort(), await freePort(), await freePort()];
    const drain = { SHUTDOWN_DRAIN_MS: '1500', TRUST_PROXY: '1' };
    const apis = await Promise.all(ports.map((p) => startApi(p, drain)));
    if (!children.some((c) => c.spawnargs.some((a) => a.endsWith('worker.js')) && c.exitCode === null)) await startWorker();
    const haproxy = await Haproxy.start(await freePort(), ports.map((p) => `127.0.0.1:${p}`) as [string, string, string], '100ms');
    try {
      const tenant = await aTenant(t.commands);
      const listener = await Listener.start(`http://127.0.0.1:${haproxy.port}`, tenant.key, rx.url);

      // One page through each process directly: at least two of them are not the one holding the stream.
      const published: string[] = [];
      for (const port of ports) {
        const page = await publishPage(`http://127.0.0.1:${port}`, tenant.auth, `Through ${port}`);
        published.push(page.id);
        await rx.waitFor(() => idsOf(rx, 'page.published').includes(page.id), 1_000 + 500);
        expect(rx.of('page.published').at(-1)!.at - page.answeredAt).toBeLessThan(1_000);
      }

      // Each API process restarted in turn (drained, as a deploy does), while pages keep being published through HAProxy.
      let publishing = true;
      const publisher = (async () => {
        while (publishing) {
          published.push((await publishPage(`http://127.0.0.1:${haproxy.port}`, tenant.auth, 'Rolling')).id);
          await sleep(150);
        }
      })();
      for (const [i, port] of ports.entries()) {
        expect(await stop(apis[i]!)).toBe(0);
        children.splice(children.indexOf(apis[i]!), 1);
        apis[i] = await startApi(port, drain);
        await haproxy.waitFor(`api${i + 1}`, 'UP');
      }
      publishing = false;
      await publisher;

      await rx.waitFor(() => rx.of('page.published').length >= published.length, 15_000);
      await sleep(2_500);
      expect(idsOf(rx, 'page.published').sort()).toEqual([...published].sort());
      expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(rx.received.length);
      // The process holding the stream was restarted too: listen reconnected (through HAProxy, to another one).
      expect(listener.err).toMatch(/Reconnected/);
      expect(await listener.interrupt()).toBe(0);
    } finally {
      await haproxy.stop();
      await rx.close();
    }
  }, 120_000);
});
