import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aWorkspace } from '../../factories/access.factory.js';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { RecordSaleCommand, RefundSaleCommand } from '../../../src/commerce/index.js';
import { ContactRepository } from '../../../src/audience/application/ports/audience.ports.js';
import { OutboxRelay, type OutboxSubscriber } from '../../../src/platform/outbox/outbox-relay.js';
import { Outbox, type OutboxEvent } from '../../../src/platform/outbox/outbox.js';
import { Transactions } from '../../../src/platform/cqrs/transactional.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { sql as statement } from '../../../src/platform/database/query-builder.js';
import type { AppConfig } from '../../../src/platform/config/config.js';
import { drainOutbox } from '../../support/drain-outbox.js';

describe('the transactional outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('writes a captured contact and its contact.created row in one transaction', async () => {
    const ws = await aWorkspace(t.commands);
    const contact = await t.commands.execute(
      new CaptureContactCommand(ws.id, 'Ada@Example.com', 'Ada', 'NEWSLETTER', undefined, undefined),
    );
    const rows = await t.sql<{ type: string; payload: { data: unknown }; event_id: string }>(
      `SELECT type, payload, event_id FROM outbox WHERE workspace_id = $1`,
      [ws.id],
    );
    expect(rows).toEqual([
      {
        type: 'contact.created',
        event_id: expect.stringMatching(/^whmsg_/),
        payload: {
          data: {
            contact: {
              id: contact.id,
              email: 'ada@example.com',
              name: 'Ada',
              source: 'NEWSLETTER',
              source_block_id: null,
              created_at: contact.created_at,
            },
          },
        },
      },
    ]);
  });

  it('writes neither when the contact insert fails (no event without its state change)', async () => {
    const ws = await aWorkspace(t.commands);
    const repo = t.app.get(ContactRepository);
    const original = repo.add.bind(repo);
    repo.add = async () => {
      throw new Error('disk full');
    };
    try {
      await expect(
        t.commands.execute(new CaptureContactCommand(ws.id, 'a@b.io', undefined, undefined, undefined, undefined)),
      ).rejects.toThrow('disk full');
    } finally {
      repo.add = original;
    }
    expect(await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = $1`, [ws.id])).toHaveLength(0);
  });

  it('rolls the outbox row back with a failing transaction', async () => {
    const ws = await aWorkspace(t.commands);
    const sql = t.app.get(Sql);
    const outbox = t.app.get(Outbox);
    await expect(
      sql.transaction(async () => {
        await outbox.append([{ type: 'contact.created', workspaceId: ws.id, data: {}, occurredAt: new Date() }]);
        throw new Error('crash between two writes');
      }),
    ).rejects.toThrow('crash');
    expect(await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = $1`, [ws.id])).toHaveLength(0);
    await expect(outbox.append([{ type: 'x', workspaceId: ws.id, data: {}, occurredAt: new Date() }])).rejects.toThrow(
      /inside the transaction/,
    );
  });

  it('numbers the rows of one append in the order given, so the relay publishes them in that order', async () => {
    const ws = await aWorkspace(t.commands);
    const sql = t.app.get(Sql);
    const outbox = t.app.get(Outbox);
    const types = Array.from({ length: 60 }, (_, i) => `order.${String(59 - i).padStart(2, '0')}`);
    const ids = await sql.transaction(() =>
      outbox.append(types.map((type) => ({ type, workspaceId: ws.id, data: {}, occurredAt: new Date() }))),
    );
    const rows = await t.sql<{ type: string; event_id: string }>(`SELECT type, event_id FROM outbox WHERE workspace_id = $1 ORDER BY seq`, [
      ws.id,
    ]);
    expect(rows.map((r) => r.type)).toEqual(types);
    expect(rows.map((r) => r.event_id)).toEqual(ids);
  });

  it('emits sale.paid and sale.refunded with the contract’s sale object; a second refund is refused', async () => {
    const ws = await aWorkspace(t.commands);
    const sale = await t.commands.execute(new RecordSaleCommand(ws.id, 'TIP', 500, 450, 'USD', 'fan@example.com'));
    await t.commands.execute(new RefundSaleCommand(sale.id));
    await expect(t.commands.execute(new RefundSaleCommand(sale.id))).rejects.toThrow(/already refunded/);
    const rows = await t.sql<{ type: string; payload: { data: { sale: unknown } } }>(
      `SELECT type, payload FROM outbox WHERE workspace_id = $1 ORDER BY seq`,
      [ws.id],
    );
    const expected = {
      id: sale.id,
      kind: 'TIP',
      gross_amount_cents: 500,
      net_amount_cents: 450,
      currency: 'usd',
      customer_email: 'fan@example.com',
      created_at: sale.created_at,
    };
    expect(rows.map((r) => r.type)).toEqual(['sale.paid', 'sale.refunded']);
    expect(rows.map((r) => r.payload.data.sale)).toEqual([expected, expected]);
  });
});

describe('the outbox relay', () => {
  const seen: number[] = [];
  const recorder: OutboxSubscriber = {
    async handle(rows: OutboxEvent[]) {
      for (const r of rows) seen.push(r.seq);
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A relay of its own (the app runs none here) with `subscribers` added, as the contexts add theirs. */
  const relayWith = (subscribers: OutboxSubscriber[], config?: AppConfig) => {
    const r = new OutboxRelay(t.app.get(Sql), undefined, config);
    for (const s of subscribers) r.subscribe(s);
    return r;
  };
  const relay = () => relayWith([recorder]);
  const insert = (n: number, ws: string) =>
    t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload)
       SELECT 'whmsg_' || g || '_' || $2, $2, 'probe', '{"data":{}}' FROM generate_series(1, $1) g`,
      [n, ws],
    );

  it('is woken by NOTIFY and marks rows done without waiting for the poll', async () => {
    seen.length = 0;
    const r = relay();
    r.start();
    try {
      await new Promise((res) => setTimeout(res, 300)); // let it LISTEN and go idle
      const before = Date.now();
      // Appended as the service appends (Outbox.append notifies at commit; no trigger does: docs/adr/0053).
      const probe = { workspaceId: 'ws_notify', type: 'probe', data: {}, occurredAt: new Date() };
      await t.app.get(Transactions).run(() => t.app.get(Outbox).append([probe, probe, probe]));
      const pendingCount = async () =>
        (await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = 'ws_notify' AND processed_at IS NULL`)).length;
      // Poll the committed state (the subscriber runs inside the claiming transaction, before its commit).
      while ((await pendingCount()) > 0 && Date.now() - before < 5000) await new Promise((res) => setTimeout(res, 10));
      expect(await pendingCount()).toBe(0);
      expect(Date.now() - before).toBeLessThan(1500); // well under the 2 s polling backstop
      expect(seen).toHaveLength(3);
    } finally {
      await r.stop();
    }
  });

  it('lets concurrent relays share the work with SKIP LOCKED: every row exactly once', async () => {
    seen.length = 0;
    await insert(1500, 'ws_many');
    await drainOutbox(t, relay(), relay(), relay());
    const rows = await t.sql<{ seq: string }>(`SELECT seq FROM outbox WHERE workspace_id = 'ws_many'`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(rows.length);
    const pending = await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = 'ws_many' AND processed_at IS NULL`);
    expect(pending).toHaveLength(0);
  });

  it('running, prepares the next batch while the one before is written: every row once, one write and two batches at most', async () => {
    await t.sql(`UPDATE outbox SET processed_at = now() WHERE processed_at IS NULL`);
    await insert(1000, 'ws_pipe');
    const written: number[] = [];
    let writing = 0;
    let mostWriting = 0;
    let preparedDuringWrite = 0;
    let inHand = 0; // batches prepared and not yet written
    let mostInHand = 0;
    const slow: OutboxSubscriber = {
      async prepare() {
        if (writing > 0) preparedDuringWrite++;
        mostInHand = Math.max(mostInHand, ++inHand);
      },
      async handle(rows) {
        mostWriting = Math.max(mostWriting, ++writing);
        await new Promise((res) => setTimeout(res, 30)); // a write slower than a claim and a prepare
        written.push(...rows.map((r) => r.seq));
        writing--;
        inHand--;
      },
    };
    const r = relayWith([slow]);
    r.start();
    try {
      const pending = async () => (await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = 'ws_pipe' AND processed_at IS NULL`)).length;
      const deadline = Date.now() + 20_000;
      while ((await pending()) > 0 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
      expect(await pending()).toBe(0);
    } finally {
      await r.stop();
    }
    expect(written).toHaveLength(1000);
    expect(new Set(written).size).toBe(1000);
    expect(mostWriting).toBe(1);
    expect(mostInHand).toBe(2);
    expect(preparedDuringWrite).toBeGreaterThan(0);
  });

  it('running, never keeps a prepared batch behind a failed batch retried row by row until its lease runs out', async () => {
    await t.sql(`UPDATE outbox SET processed_at = now() WHERE processed_at IS NULL`);
    // Two batches of 200: the first holds a poisoned row, so it is retried row by row (199 prepares of 15 ms: longer
    // than the 2 s lease); the second is claimed and prepared meanwhile.
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload)
       SELECT 'whmsg_lease' || g, 'ws_lease', CASE WHEN g = 10 THEN 'poison' ELSE 'ok' END, '{"data":{}}'
         FROM generate_series(1, 400) g`,
    );
    const prepared = new Map<string, number>();
    const subscriber: OutboxSubscriber = {
      async prepare(rows) {
        for (const r of rows) prepared.set(r.eventId, (prepared.get(r.eventId) ?? 0) + 1);
        await new Promise((res) => setTimeout(res, 15));
      },
      async handle(rows) {
        if (rows.some((r) => r.type === 'poison')) throw new Error('cannot handle poison');
      },
    };
    const config = { outboxLeaseSeconds: 2, outboxRelayPipeline: true, outboxBatchSize: 200 } as AppConfig; // batches of 200
    const first = relayWith([subscriber], config);
    first.start();
    // One batch at a time, written before the next is claimed.
    const second = relayWith([subscriber], { ...config, outboxRelayPipeline: false });
    try {
      await new Promise((res) => setTimeout(res, 2600)); // past the lease of the second batch, had it waited
      await drainOutbox(t, second);
      const left = async () =>
        (await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = 'ws_lease' AND processed_at IS NULL AND type = 'ok'`)).length;
      const deadline = Date.now() + 20_000;
      while ((await left()) > 0 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      expect(await left()).toBe(0);
    } finally {
      await first.stop();
    }
    const secondBatch = Array.from({ length: 200 }, (_, i) => `whmsg_lease${i + 201}`);
    expect(secondBatch.map((id) => prepared.get(id))).toEqual(Array(200).fill(1)); // sent once: never re-claimed
  }, 30_000);

  it('retries a failing subscriber row by row, backing off only the poisoned row', async () => {
    await t.sql(`UPDATE outbox SET processed_at = now() WHERE processed_at IS NULL`);
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload)
       VALUES ('whmsg_ok1','ws_p','ok','{"data":{}}'), ('whmsg_bad','ws_p','poison','{"data":{}}'),
              ('whmsg_ok2','ws_p','ok','{"data":{}}')`,
    );
    const handled: string[] = [];
    const picky = relayWith(
      [
        {
          async handle(rows) {
            if (rows.some((r) => r.type === 'poison')) throw new Error('cannot handle poison');
            handled.push(...rows.map((r) => r.eventId));
          },
        },
      ],
      { outboxRelayPipeline: false } as AppConfig, // one batch at a time
    );
    await drainOutbox(t, picky);
    const published = await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = 'ws_p' AND processed_at IS NOT NULL`);
    expect(published).toHaveLength(2);
    expect(handled.sort()).toEqual(['whmsg_ok1', 'whmsg_ok2']);
    const [bad] = await t.sql<{ processed_at: Date | null; attempts: number; last_error: string; later: boolean }>(
      `SELECT processed_at, attempts, last_error, available_at > now() AS later FROM outbox WHERE event_id = 'whmsg_bad'`,
    );
    expect(bad).toMatchObject({ processed_at: null, last_error: 'cannot handle poison', later: true });
    expect(bad!.attempts).toBeGreaterThanOrEqual(1);
  });

  it("keeps a failing subscriber's error in last_error without the row values PostgreSQL quoted in it", async () => {
    await t.sql(`UPDATE outbox SET processed_at = now() WHERE processed_at IS NULL`);
    const email = 'visitor.outbox.lasterror@example.com';
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload)
       VALUES ('whmsg_cast', 'ws_le', 'cast', $1), ('whmsg_dup', 'ws_le', 'dup', $1)`,
      [JSON.stringify({ data: { email } })],
    );
    const db = t.app.get(Sql);
    // Two real PostgreSQL refusals of a row value: one quotes it in its message; the other in its detail, which a
    // subscriber's own error copies into its message, as wrappers do.
    const subscriber: OutboxSubscriber = {
      async handle(rows) {
        for (const row of rows) {
          const value = (row.data as { email: string }).email;
          if (row.type === 'cast') await db.all(statement`SELECT ${value}::uuid`);
          await db.all(statement`CREATE TEMP TABLE probe_dup (email text PRIMARY KEY) ON COMMIT DROP`);
          try {
            await db.all(statement`INSERT INTO probe_dup VALUES (${value}), (${value})`);
          } catch (err) {
            const { message, detail } = err as { message: string; detail: string };
            throw new Error(`could not record the contact: ${message}. ${detail}`, { cause: err });
          }
        }
      },
    };
    await drainOutbox(t, relayWith([subscriber], { outboxRelayPipeline: false } as AppConfig));
    const rows = await t.sql<{ event_id: string; processed_at: Date | null; last_error: string }>(
      `SELECT event_id, processed_at, last_error FROM outbox WHERE workspace_id = 'ws_le' ORDER BY event_id`,
    );
    expect(rows.map((r) => [r.event_id, r.processed_at])).toEqual([
      ['whmsg_cast', null],
      ['whmsg_dup', null],
    ]);
    expect(rows.map((r) => r.last_error)).toEqual([
      'invalid input syntax for type uuid: [value]', // what an operator needs stays: the kind of refusal
      'could not record the contact: duplicate key value violates unique constraint "probe_dup_pkey". ' +
        'Key (email)=([value]) already exists.',
    ]);
    expect(JSON.stringify(rows)).not.toContain('visitor.outbox');
  });
});

describe('the janitor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('deletes outbox rows published over 7 days ago, and keeps pending and recent ones', async () => {
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload, processed_at) VALUES
         ('whmsg_old', 'ws_j', 'x', '{"data":{}}', now() - interval '8 days'),
         ('whmsg_recent', 'ws_j', 'x', '{"data":{}}', now() - interval '1 day'),
         ('whmsg_pending', 'ws_j', 'x', '{"data":{}}', NULL)`,
    );
    const relay = t.app.get(OutboxRelay);
    expect(await relay.purgeProcessed()).toBe(1);
    const left = (await t.sql<{ event_id: string }>(`SELECT event_id FROM outbox WHERE workspace_id = 'ws_j' ORDER BY event_id`)).map(
      (r) => r.event_id,
    );
    expect(left).toEqual(['whmsg_pending', 'whmsg_recent']);
  });
});
