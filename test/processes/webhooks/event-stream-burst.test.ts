import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { Transactions } from '../../../src/platform/cqrs/transactional.js';
import type { OutboxEvent } from '../../../src/platform/outbox/outbox.js';
import { WebhookFanOut } from '../../../src/webhooks/application/fan-out.js';
import { RevokeApiKeyCommand } from '../../../src/access/index.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { Listener, Receiver } from '../../support/listen.js';
import { launch, stop } from '../../support/processes.js';
import { Stream } from '../../support/sse-client.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The test app's master key: the API process reads what it wrote. */
const KEY = Buffer.alloc(32, 9).toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process's resident memory now, in MiB (Linux). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); await sleep(20))
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
}

/**
 * decisions.md, fifth round: "A stream reads its backlog in bounded pages: any number of events published in one
 * instant costs bounded memory, and a reader that keeps up always gets past them" (docs/adr/0067). The compiled API
 * process serves the streams; 4,000 events are published in one transaction (one `published_at`) through the
 * relay's own fan-out; the API's resident memory is sampled throughout (the figure in docs/benchmarks.md).
 */
describe('a burst of events on the compiled API', () => {
  let t: TestApp;
  let api: ChildProcess;
  let base: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-burst-'));

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
    const port = await freePort();
    ({ child: api } = await launch(
      'dist/main.js',
      {
        DATABASE_URL: t.databaseUrl,
        SECRET_ENCRYPTION_KEY: KEY,
        DATA_DIR: dataDir,
        LOG_FORMAT: 'json',
        PORT: String(port),
        RUN_WORKERS: 'false',
        RATE_LIMIT_BURST_REQUESTS: '100000',
      },
      /API listening/,
    ));
    base = `http://127.0.0.1:${port}`;
  }, 90_000);

  afterAll(async () => {
    for (const c of Listener.started) if (c.exitCode === null) c.kill('SIGKILL');
    if (api) await stop(api);
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends 4,000 events of one instant once each to two streams (one resumed) and `bio-page listen`, in bounded memory', async () => {
    const tenant = await aTenant(t.commands);
    const listenKey = await aKey(t.commands, tenant.workspace.id);
    const live = await Stream.open(base, tenant.key);
    expect(live.status).toBe(200);
    const receiver = new Receiver();
    await receiver.start();
    const listener = await Listener.start(base, listenKey.key, receiver.url);
    // Warm: a few events through the whole path before the baseline is read.
    const warm = await publish(t, tenant.workspace.id, 20);
    await until(() => live.frames.length >= warm.length, 10_000, 'the warm-up events');
    await receiver.waitFor(() => receiver.received.length >= warm.length, 10_000);
    await sleep(500);
    const baseline = rssMiB(api.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(api.pid!))), 25);
    try {
      const burst = await publish(t, tenant.workspace.id, 4_000);
      // A second client that had the warm-up and the first 100 of the burst resumes after the 100th.
      const resumed = await Stream.open(base, tenant.key, { lastEventId: burst[99] });
      expect(resumed.status).toBe(200);
      await until(() => live.frames.length >= warm.length + burst.length, 60_000, `the live stream (${live.frames.length})`);
      await until(() => resumed.frames.length >= burst.length - 100, 60_000, `the resumed stream (${resumed.frames.length})`);
      expect(live.ids).toEqual([...warm, ...burst]);
      expect(resumed.ids).toEqual(burst.slice(100));
      await receiver.waitFor(() => receiver.received.length >= warm.length + burst.length, 120_000);
      const forwarded = receiver.of('contact.created').map((r) => r.envelope.id);
      expect(forwarded).toEqual([...warm, ...burst]); // each once, in order
      await sleep(500);
      live.close();
      resumed.close();
    } finally {
      clearInterval(sampler);
      await listener.interrupt();
      await receiver.close();
    }
    const grew = peak - baseline;
    process.stdout.write(`event burst: API RSS ${baseline.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at most (+${grew.toFixed(0)})\n`);
    // Round four's API grew from about 200 to 750 MB under this burst; two streams now hold a page and a socket each.
    expect(grew).toBeLessThan(120);
  }, 240_000);

  for (const how of ['revoked', 'expires'] as const) {
    it(`ends three streams and listen within 15 s when their key ${how}: reconnecting is 401, nothing after reaches them`, async () => {
      const tenant = await aTenant(t.commands);
      const expiresAt = how === 'expires' ? new Date(Date.now() + 4_000) : null;
      const key = await aKey(t.commands, tenant.workspace.id, { expiresAt });
      const streams = await Promise.all([0, 1, 2].map(() => Stream.open(base, key.key)));
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
      const receiver = new Receiver();
      await receiver.start();
      const listener = await Listener.start(base, key.key, receiver.url);
      try {
        const before = await publish(t, tenant.workspace.id, 2);
        await until(() => streams.every((s) => s.frames.length === 2), 10_000, 'the events before');
        await receiver.waitFor(() => receiver.received.length === 2, 10_000);

        if (how === 'revoked') await t.commands.execute(new RevokeApiKeyCommand(key.id));
        else await until(() => Date.now() > expiresAt!.getTime(), 10_000, 'the key expired');
        const endedAt = Date.now();
        const after = await publish(t, tenant.workspace.id, 2);
        const status = await listener.exited(15_000);
        await until(() => streams.every((s) => s.ended), 15_000 - (Date.now() - endedAt), 'every stream ended');
        expect(Date.now() - endedAt).toBeLessThan(15_000);
        expect(status).toBe(2);
        expect(listener.err).toMatch(/refused the key.*401/);
        for (const s of streams) expect(s.ids).toEqual(before);
        expect(receiver.received.map((r) => JSON.parse(r.body).id)).toEqual(before);
        expect(after.length).toBe(2);
        const again = await fetch(`${base}/v1/events/stream`, { headers: { authorization: `Bearer ${key.key}` } });
        expect(again.status).toBe(401);
        await again.arrayBuffer();
      } finally {
        for (const s of streams) s.close();
        await receiver.close();
      }
    }, 60_000);
  }
});

let seq = 0;
/** Events published in one transaction (one `published_at`), as the relay's fan-out stores them; a sign-up's size. */
async function publish(t: TestApp, workspaceId: string, n: number): Promise<string[]> {
  const now = new Date();
  const rows: OutboxEvent[] = Array.from({ length: n }, () => {
    seq++;
    return {
      seq,
      eventId: `evt_burst_${String(seq).padStart(7, '0')}`,
      workspaceId,
      type: 'contact.created',
      data: { contact: { id: `ct_${seq}`, email: `person${seq}@example.com`, name: `Person ${seq}`, source_block_id: null } },
      createdAt: now,
    };
  });
  await t.app.get(Transactions).run(() => t.app.get(WebhookFanOut).handle(rows));
  return rows.map((r) => r.eventId);
}
