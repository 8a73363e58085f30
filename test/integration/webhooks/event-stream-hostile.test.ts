import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { RevokeApiKeyCommand } from '../../../src/access/index.js';
import { Transactions } from '../../../src/platform/cqrs/transactional.js';
import type { OutboxEvent } from '../../../src/platform/outbox/outbox.js';
import { Serving } from '../../../src/platform/process/serving.js';
import { EventStreams } from '../../../src/webhooks/application/event-streams.js';
import { WebhookFanOut } from '../../../src/webhooks/application/fan-out.js';
import { Stream } from '../../support/sse-client.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check()); await sleep(20))
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
}

let seq = 0;
/** Events of `workspaceId` published in one transaction (one `published_at`), as the relay's fan-out stores them. */
async function publish(t: TestApp, workspaceId: string, n: number, type = 'contact.created'): Promise<string[]> {
  const now = new Date();
  const rows: OutboxEvent[] = Array.from({ length: n }, () => {
    seq++;
    return {
      seq,
      eventId: `evt_hostile_${String(seq).padStart(7, '0')}_${Math.random().toString(36).slice(2, 8)}`,
      workspaceId,
      type,
      data: { contact: { id: `ct_${seq}`, email: `person${seq}@example.com` } },
      createdAt: now,
    };
  });
  await t.app.get(Transactions).run(() => t.app.get(WebhookFanOut).handle(rows));
  return rows.map((r) => r.eventId);
}

const baseOf = (t: TestApp) => `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;

/**
 * decisions.md, fifth round, "An event stream belongs to the key that opened it" (docs/adr/0067): streams end when
 * their key is revoked or expires, a stream's slot is held exactly as long as its connection, a key holds at most
 * EVENT_STREAMS_PER_KEY, and a burst of any size is read once, in bounded pages, by a reader that keeps up or not.
 */
describe('event streams under hostile clients', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseOf(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('ends every stream of a revoked key within 15 s; reconnecting is 401; nothing published after reaches them', async () => {
    const tenant = await aTenant(t.commands);
    const streams = await Promise.all([0, 1, 2].map(() => Stream.open(base, tenant.key)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const before = await publish(t, tenant.workspace.id, 3);
    await until(() => streams.every((s) => s.frames.length === 3), 5_000, 'the events before the revocation');

    await t.commands.execute(new RevokeApiKeyCommand(tenant.keyId));
    const revokedAt = Date.now();
    const after = await publish(t, tenant.workspace.id, 2);
    await until(() => streams.every((s) => s.ended), 15_000, 'every stream ended');
    expect(Date.now() - revokedAt).toBeLessThan(15_000);
    for (const s of streams) {
      expect(s.ids).toEqual(before); // not one event published after the revocation
      expect(s.ids.some((id) => after.includes(id))).toBe(false);
      expect(s.comments.at(-1)).toContain('revoked, expired or no longer allowed');
    }
    const again = await fetch(`${base}/v1/events/stream`, { headers: tenant.auth });
    expect(again.status).toBe(401);
    await again.arrayBuffer();
    expect(t.app.get(EventStreams).size).toBe(0);
  }, 30_000);

  it('ends the streams of a key that expires within 15 s; reconnecting is 401', async () => {
    const tenant = await aTenant(t.commands);
    const expiresAt = new Date(Date.now() + 2_000);
    const key = await aKey(t.commands, tenant.workspace.id, { expiresAt });
    const streams = await Promise.all([0, 1, 2].map(() => Stream.open(base, key.key)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    await until(() => Date.now() > expiresAt.getTime(), 5_000, 'the key expired');
    const expiredAt = Date.now();
    const after = await publish(t, tenant.workspace.id, 2);
    await until(() => streams.every((s) => s.ended), 15_000, 'every stream ended');
    expect(Date.now() - expiredAt).toBeLessThan(15_000);
    for (const s of streams) expect(s.ids.filter((id) => after.includes(id))).toEqual([]);
    const again = await fetch(`${base}/v1/events/stream`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(again.status).toBe(401);
    await again.arrayBuffer();
  }, 30_000);

  it('refuses a key its sixth stream (429) while another key of the workspace still gets one', async () => {
    const tenant = await aTenant(t.commands);
    const other = await aKey(t.commands, tenant.workspace.id);
    const five = await Promise.all([0, 1, 2, 3, 4].map(() => Stream.open(base, tenant.key)));
    try {
      expect(five.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
      const sixth = await t.inject({ method: 'GET', url: '/v1/events/stream', headers: tenant.auth });
      expect([sixth.statusCode, sixth.json().code, sixth.headers['retry-after']]).toEqual([429, 'rate_limited', '5']);
      expect(sixth.json().detail).toContain('EVENT_STREAMS_PER_KEY');
      const another = await Stream.open(base, other.key);
      expect(another.status).toBe(200);
      another.close();
    } finally {
      for (const s of five) s.close();
    }
    await until(() => t.app.get(EventStreams).size === 0, 5_000, 'the slots given back');
  });

  it('sends 4,000 events of one instant once each, in order, to a stream from now, a resumed one and a slow reader', async () => {
    const tenant = await aTenant(t.commands);
    const key2 = await aKey(t.commands, tenant.workspace.id);
    const live = await Stream.open(base, tenant.key);
    const slow = await Stream.open(base, key2.key);
    slow.pause(); // it reads nothing while the burst is sent: the stream waits for it, holding a page at most
    const burst = await publish(t, tenant.workspace.id, 4_000);
    await until(() => live.frames.length >= 4_000, 30_000, `the live stream got the burst (${live.frames.length})`);
    expect(live.ids).toEqual(burst);

    // A client that had the first 24 resumes after the 24th: it gets the 3,976 after it, none before, none twice.
    const resumed = await Stream.open(base, tenant.key, { lastEventId: burst[23] });
    expect(resumed.status).toBe(200);
    await until(() => resumed.frames.length >= 3_976, 30_000, `the resumed stream got the rest (${resumed.frames.length})`);
    expect(resumed.ids).toEqual(burst.slice(24));

    await sleep(2_000);
    expect(slow.frames.length).toBeLessThan(4_000);
    slow.unpause();
    await until(() => slow.frames.length >= 4_000, 30_000, `the slow reader got the burst (${slow.frames.length})`);
    expect(slow.ids).toEqual(burst);
    const next = await publish(t, tenant.workspace.id, 1);
    await until(() => [live, slow, resumed].every((s) => s.frames.length > 0 && s.ids.at(-1) === next[0]), 5_000, 'the next event');
    for (const s of [live, slow, resumed]) s.close();
  }, 120_000);
});

describe('event stream slots', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // Caps high enough that every request reaches the stream's set-up (and its lifetime the default hour).
    const caps = { EVENT_STREAMS_MAX: '2000', EVENT_STREAMS_PER_WORKSPACE: '2000', EVENT_STREAMS_PER_KEY: '2000' };
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000', ...caps } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseOf(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('holds no slot for 1,000 requests reset 0–10 ms after they were sent', async () => {
    const tenant = await aTenant(t.commands);
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    const request = `GET /v1/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tenant.key}\r\n\r\n`;
    const resetOne = () =>
      new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(request);
          setTimeout(() => {
            socket.resetAndDestroy();
            resolve();
          }, Math.random() * 10);
        });
        socket.on('error', () => resolve());
      });
    for (let i = 0; i < 1_000; i += 50) await Promise.all(Array.from({ length: 50 }, resetOne));
    const streams = t.app.get(EventStreams);
    const serving = t.app.get(Serving);
    await until(() => streams.size === 0 && serving.heldOpen === 0, 5_000, `every slot free (${streams.size} held)`);
    // and a stream still opens
    const s = await Stream.open(base, tenant.key);
    expect(s.status).toBe(200);
    s.close();
  }, 120_000);
});

describe('event stream lifetime', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: { RATE_LIMIT_BURST_REQUESTS: '100000', EVENT_STREAM_MAX_SECONDS: '2', EVENT_STREAM_KEY_CHECK_MS: '500' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseOf(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('ends a stream after EVENT_STREAM_MAX_SECONDS; its client resumes with Last-Event-ID with no loss and no repeat', async () => {
    const tenant = await aTenant(t.commands);
    const received: string[] = [];
    const published: string[] = [];
    let ends = 0;
    let stop = false;
    // The first stream starts from now: it is open before anything is published.
    let s = await Stream.open(base, tenant.key);
    expect(s.status).toBe(200);
    const publishing = (async () => {
      while (!stop) {
        published.push(...(await publish(t, tenant.workspace.id, 1 + Math.floor(Math.random() * 3))));
        await sleep(20);
      }
    })();
    // The client: a loop that reconnects after its last id, as EventSource and `bio-page listen` do.
    const started = Date.now();
    for (;;) {
      await until(() => s.ended, 10_000, 'the stream ended by its age');
      expect(s.comments.at(-1)).toContain('EVENT_STREAM_MAX_SECONDS');
      received.push(...s.ids);
      ends++;
      if (Date.now() - started > 7_000) break;
      s = await Stream.open(base, tenant.key, { lastEventId: received.at(-1) });
      expect(s.status).toBe(200);
    }
    stop = true;
    await publishing;
    const last = await Stream.open(base, tenant.key, { lastEventId: received.at(-1) });
    await until(() => received.length + last.frames.length >= published.length, 10_000, 'the rest');
    last.close();
    received.push(...last.ids);
    expect(ends).toBeGreaterThanOrEqual(3);
    expect(new Set(received).size).toBe(received.length); // no repeat
    expect(received).toEqual(published); // no loss, in order
  }, 60_000);
});
