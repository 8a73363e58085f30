import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { RevokeApiKeyCommand } from '../../../src/access/index.js';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { Listener, Receiver, sleep } from '../../support/listen.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The test app's master key: the processes read what it wrote. */
const KEY = Buffer.alloc(32, 9).toString('base64');
/** listen's resident memory behind a slow receiver stays under this (VmRSS, sampled every 50 ms). */
const MAX_RSS_MIB = 120;

/**
 * A stand-in for `GET /v1/events/stream` that sends a burst as fast as the connection takes it: `count` events of
 * about `size` bytes each, written with back-pressure (what the client does not read stays in the socket buffers,
 * not here). It resumes after `Last-Event-ID`, sending the 5 events before it again (the real stream re-sends its
 * window: the client de-duplicates). The first connection is ended after `endFirstAfter` events, as the API ends a
 * stream after EVENT_STREAM_MAX_SECONDS or when it stops; the next request is answered 503 with `Retry-After: 3`.
 */
class BurstStream {
  readonly requests: { lastEventId: string | undefined; at: number; status: number }[] = [];
  private server: Server | null = null;
  private readonly open = new Set<ServerResponse>();
  port = 0;

  constructor(
    readonly count: number,
    private readonly size: number,
    private readonly endFirstAfter: number,
  ) {}

  readonly id = (n: number) => `whmsg_burst_${String(n).padStart(5, '0')}`;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private frame(n: number): string {
    const envelope = { id: this.id(n), type: 'test.burst', created_at: new Date().toISOString(), data: { n, pad: 'x'.repeat(this.size) } };
    return `id: ${this.id(n)}\nevent: test.burst\ndata: ${JSON.stringify(envelope)}\n\n`;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const header = req.headers['last-event-id'];
    const lastEventId = typeof header === 'string' ? header : undefined;
    const nth = this.requests.length;
    if (nth === 1) {
      this.requests.push({ lastEventId, at: Date.now(), status: 503 });
      res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '3' });
      res.end(JSON.stringify({ code: 'service_unavailable', detail: 'Try again.' }));
      return;
    }
    this.requests.push({ lastEventId, at: Date.now(), status: 200 });
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    const after = lastEventId ? Number(lastEventId.slice(this.id(0).length - 5)) : -1;
    let from = Math.max(0, after - 4);
    const until = nth === 0 ? this.endFirstAfter : this.count;
    for (; from < until && !res.destroyed; from += 1) {
      if (!res.write(this.frame(from)))
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.on('drain', done).on('close', done);
        });
    }
    if (nth === 0) res.end();
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * `bio-page listen`'s bounds (decisions.md, fifth round, "An event stream belongs to the key that opened it"; docs/adr/0067,
 * amended for issue 46): a bounded queue of events to forward, so that its memory stays bounded behind a slow receiver
 * while every event still arrives once; a key the API refuses on a reconnection stops it; a plain http:// API URL to
 * another machine is warned about before connecting.
 */
describe('bio-page listen: bounds', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-listen-bounds-'));
  let env: Record<string, string>;
  const children: ChildProcess[] = [];
  let port: number;
  let api: ChildProcess;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
    env = {
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: KEY,
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      EVENT_STREAM_HEARTBEAT_MS: '2000',
      RATE_LIMIT_BURST_REQUESTS: '100000',
    };
    port = await freePort();
    api = await startApi();
    const { child } = await launch('dist/worker.js', env, /workers running/);
    children.push(child);
  }, 90_000);

  afterAll(async () => {
    for (const c of Listener.started) if (c.exitCode === null) c.kill('SIGKILL');
    await Promise.all(children.map((c) => stop(c)));
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startApi(): Promise<ChildProcess> {
    const { child } = await launch('dist/main.js', { ...env, PORT: String(port), RUN_WORKERS: 'false' }, /API listening/);
    children.push(child);
    return child;
  }

  it('warns before connecting when the API URL is plain http:// to another machine, not for loopback; checks --max-queue', async () => {
    const remote = await Listener.start('http://192.0.2.1:9', 'bp_live_nothing', 'http://127.0.0.1:9/hook', { ready: false });
    await remote.waitFor(() => remote.err.includes('\n'), 10_000);
    expect(remote.err.split('\n')[0]).toBe(
      'warning: http://192.0.2.1:9 is plain http:// to another machine: the API key and every event cross the network ' +
        'unencrypted; use an https:// API URL',
    );
    expect(await remote.interrupt()).toBe(0);

    const local = await Listener.start(`http://localhost:${port}`, 'bp_live_nothing', 'http://127.0.0.1:9/hook', { ready: false });
    expect(await local.exited(15_000)).toBe(2); // no such key: refused, and no warning first
    expect(local.err).toMatch(/^error: the API refused the key \(revoked, expired or unknown\): 401 invalid_api_key: .+\n$/);

    const badBound = await Listener.start(`http://127.0.0.1:${port}`, 'bp_live_nothing', 'http://127.0.0.1:9/hook', {
      env: { BIO_PAGE_LISTEN_QUEUE: '0' },
      ready: false,
    });
    expect(await badBound.exited(15_000)).toBe(2);
    expect(badBound.err).toBe('error: --max-queue (BIO_PAGE_LISTEN_QUEUE) must be a whole number of events from 1 to 1000000\n');
  }, 30_000);

  it('behind a slow receiver, 2,000 events of 16 KB on offer: bounded memory, each once, across an ended stream and a 503', async () => {
    const SLOW = 30;
    const stream = new BurstStream(2_000, 16 * 1024, 1_000);
    await stream.start();
    // 200 ms a POST for the first SLOW (6 s, while the whole burst is there to be read), then at once.
    const rx = new Receiver((n) => (n < SLOW ? 200 : 0));
    await rx.start();
    try {
      const listener = await Listener.start(stream.url, 'bp_live_burst', rx.url, { args: ['--max-queue', '100'] });
      const ready = listener.memory().rss;
      const peak = { slow: 0, all: 0 };
      const sampler = setInterval(() => {
        if (listener.child.exitCode !== null) return;
        const { rss } = listener.memory();
        if (rx.received.length < SLOW) peak.slow = Math.max(peak.slow, rss);
        peak.all = Math.max(peak.all, rss);
      }, 50);
      try {
        await rx.waitFor(() => rx.received.length >= stream.count, 90_000);
        await sleep(500); // nothing more arrives
      } finally {
        clearInterval(sampler);
      }
      process.stdout.write(
        `listen RSS: ${ready.toFixed(0)} MiB when ready, at most ${peak.slow.toFixed(0)} MiB behind the slow receiver, ` +
          `at most ${peak.all.toFixed(0)} MiB forwarding the rest at full speed\n`,
      );
      // Every event once, in order: none lost across the ended stream and the 503, none repeated from the re-sent ones.
      expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual(Array.from({ length: stream.count }, (_, n) => stream.id(n)));
      // It resumed after the last event the ended stream sent (it had queued them all), after the 503's Retry-After.
      expect(stream.requests.map((r) => [r.status, r.lastEventId])).toEqual([
        [200, undefined],
        [503, stream.id(999)],
        [200, stream.id(999)],
      ]);
      expect(stream.requests[2]!.at - stream.requests[1]!.at).toBeGreaterThanOrEqual(2_950);
      expect(listener.err).toMatch(/^The receiver is behind: 100 events waiting; the stream is not read until it catches up\.$/m);
      expect(listener.err).toMatch(/^The API answered 503 service_unavailable: Try again\.; reconnecting in 3\.0 s$/m);
      // Behind the slow receiver listen holds at most 100 events (1.6 MiB); the 32 MiB it could read wait in the
      // connection. Measured here: 84 to 90 MiB; reading them all, without the bound, 176 to 203 MiB.
      expect(peak.slow).toBeLessThan(MAX_RSS_MIB);
      expect(await listener.interrupt()).toBe(0);
    } finally {
      await stream.close();
      await rx.close();
    }
  }, 120_000);

  // A modest burst through the real API, to keep the test short (300 × 200 ms). Bursts of thousands committed in one
  // instant are the event stream's to get past (decisions.md, fifth round: fixed on the server's side), not listen's.
  it('through the API, 300 events behind a receiver taking 200 ms each, a queue of 20: each arrives once, bounded memory', async () => {
    const COUNT = 300;
    const tenant = await aTenant(t.commands);
    const rx = new Receiver(() => 200);
    await rx.start();
    const listener = await Listener.start(`http://127.0.0.1:${port}`, tenant.key, rx.url, { env: { BIO_PAGE_LISTEN_QUEUE: '20' } });
    const ready = listener.memory().rss;
    let peak = 0;
    const sampler = setInterval(() => listener.child.exitCode === null && (peak = Math.max(peak, listener.memory().rss)), 50);
    const contacts: string[] = [];
    for (let i = 0; i < COUNT; i += 25) {
      const batch = Array.from({ length: Math.min(25, COUNT - i) }, (_, j) =>
        t.commands.execute(
          new CaptureContactCommand(tenant.workspace.id, `burst${i + j}@example.com`, undefined, 'FORM', undefined, undefined),
        ),
      );
      contacts.push(...(await Promise.all(batch)).map((c) => c.id));
    }
    await rx.waitFor(() => rx.received.length >= COUNT, COUNT * 200 + 30_000);
    await sleep(2_500); // a heartbeat's look, and nothing more arrives
    clearInterval(sampler);
    const ids = rx.of('contact.created').map((r) => r.envelope.data.contact?.id);
    expect(ids.sort()).toEqual([...contacts].sort());
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(rx.received.length);
    expect(listener.err).toMatch(/^The receiver is behind: 20 events waiting; the stream is not read until it catches up\.$/m);
    expect(listener.err).toMatch(/^The receiver caught up\.$/m);
    expect(listener.err).not.toContain('warning:');
    process.stdout.write(`listen RSS through the API: ${ready.toFixed(0)} MiB when ready, at most ${peak.toFixed(0)} MiB\n`);
    expect(peak).toBeLessThan(MAX_RSS_MIB);
    expect(await listener.interrupt()).toBe(0);
    await rx.close();
  }, 150_000);

  it('stops with status 2 and one line saying why when its key is refused on a reconnection (revoked)', async () => {
    const tenant = await aTenant(t.commands);
    const rx = new Receiver();
    await rx.start();
    const listener = await Listener.start(`http://127.0.0.1:${port}`, tenant.key, rx.url);
    const before = await t.commands.execute(
      new CaptureContactCommand(tenant.workspace.id, 'before@example.com', undefined, 'FORM', undefined, undefined),
    );
    await rx.waitFor(() => rx.of('contact.created').some((r) => r.envelope.data.contact?.id === before.id), 10_000);

    // The key is revoked; the API process restarts (the stream ends); the reconnection is answered 401.
    await t.commands.execute(new RevokeApiKeyCommand(tenant.keyId));
    expect(await stop(api)).toBe(0);
    children.splice(children.indexOf(api), 1);
    api = await startApi();
    expect(await listener.exited(30_000)).toBe(2);
    const lines = listener.err.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^error: the API refused the key \(revoked, expired or unknown\): 401 invalid_api_key: .+$/);
    expect(lines.filter((l) => l.startsWith('error:'))).toHaveLength(1);
    await rx.close();
  }, 60_000);
});
