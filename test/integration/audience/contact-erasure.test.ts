import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { aKey, aTenant, aWorkspace } from '../../factories/access.factory.js';
import { dumpDatabase } from '../../support/dump.js';
import { HttpsReceiver, verifyWith, type Received } from '../../support/https-receiver.js';
import { ProbeModule } from '../../support/probe.module.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { cli } from '../../support/cli.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PLACEHOLDER = 'erased@erased.invalid';

/** The machine's pg_dump (PostgreSQL 15 here; PG_DUMP names another), and its major version. */
const PG_DUMP = process.env.PG_DUMP ?? ['/usr/lib/postgresql/15/bin/pg_dump'].find((p) => existsSync(p)) ?? 'pg_dump';
const PG_DUMP_MAJOR = Number(/(\d+)\./.exec(spawnSync(PG_DUMP, ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? 0);

/**
 * A full `pg_dump` of the test database, as text (what a leaked backup would reveal); fails when it cannot run. A
 * pg_dump refuses a newer server: against the embedded PostgreSQL (18) of CI's second run, where no pg_dump 18 is
 * installed, the row-by-row dump below stands alone (the first run, on the machine's PostgreSQL, has both).
 */
async function pgDump(t: TestApp): Promise<string> {
  const [{ major }] = await t.sql<{ major: number }>(`SELECT current_setting('server_version_num')::int / 10000 AS major`);
  if (major > PG_DUMP_MAJOR && !process.env.PG_DUMP) return '';
  return new Promise((resolve, reject) => {
    execFile(PG_DUMP, ['--inserts', t.databaseUrl], { maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${PG_DUMP}: ${stderr || err.message}`)) : resolve(stdout),
    );
  });
}

/** The pg_dump and a row-by-row JSON dump of every table, lower-cased: where a copy of the address could hide. */
const everything = async (t: TestApp) => [await pgDump(t), await dumpDatabase(t)].join('\n').toLowerCase();

/**
 * Erasing a contact (docs/adr/0044), end to end: the real app with its workers delivering to a real HTTPS receiver.
 * A contact with a distinctive address and name goes through an idempotent request, the outbox, a webhook delivery
 * and a resend; after DELETE /v1/contacts/{id}, a pg_dump of the database holds neither, analytics totals and the
 * count of contacts are unchanged, subscribers get `contact.deleted`, and a resend of the old delivery carries the
 * placeholder while the delivery log records the redaction.
 */
describe('erasing a contact', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();

  beforeAll(async () => {
    await rx.start();
    t = await startTestApp({
      runWorkers: true,
      extra: [ProbeModule],
      env: { WEBHOOK_ALLOWED_TARGETS: rx.target, RATE_LIMIT_BURST_REQUESTS: '100000' },
    });
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  const api = async (method: string, url: string, auth: Record<string, string>, body?: unknown, key?: string) => {
    const res = await t.inject({
      method: method as 'GET',
      url,
      headers: {
        ...auth,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Json) : undefined, headers: res.headers };
  };
  const waitUntil = async (what: string, check: () => Promise<boolean> | boolean, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const ofType = (path: string, type: string): Received[] => rx.at(path).filter((r) => (JSON.parse(r.body) as Json).type === type);
  const unique = () => randomBytes(6).toString('hex');

  it('erases the address and name from every table, stored response, outbox row and webhook payload', async () => {
    const tenant = await aTenant(t.commands);
    const ws = tenant.workspace.id;
    const email = `Erase.Me+${unique()}@Example.com`; // stored normalised (lower-case); looked for in any case
    const name = `Zebulon Quux-${unique()}`;
    const hook = await api('POST', '/v1/webhook-endpoints', tenant.auth, {
      url: rx.url('/erasure'),
      event_types: ['contact.created', 'contact.deleted'],
    });
    expect(hook.status).toBe(201);
    const { endpoint, secret } = hook.body as { endpoint: Json; secret: string };

    // Captured: the contact.created outbox row, its envelope, a delivery (a first attempt) and a resend of it.
    const contact = (await t.commands.execute(new CaptureContactCommand(ws, email, name, 'NEWSLETTER', undefined, undefined))) as Json;
    await waitUntil('contact.created delivered', () => ofType('/erasure', 'contact.created').length === 1);
    // A first attempt is sent before the relay's transaction writes the delivery (ADR 0093): wait for the row too.
    await waitUntil(
      'SUCCEEDED',
      async () => (await api('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries`, tenant.auth)).body!.data[0]?.status === 'SUCCEEDED',
    );
    const [delivery] = (await api('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries`, tenant.auth)).body!.data as Json[];
    expect(
      (await api('POST', `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/resend`, tenant.auth, undefined, 'resend-before'))
        .status,
    ).toBe(202);
    await waitUntil('the resend delivered', () => ofType('/erasure', 'contact.created').length === 2);
    for (const r of ofType('/erasure', 'contact.created')) {
      expect((verifyWith(secret, r) as Json).data.contact).toMatchObject({ id: contact.id, email: email.toLowerCase(), name });
    }
    // An idempotent request that carries the address (a note a creator wrote): its response is stored, sealed.
    const note = `Reply to ${email} about the course`;
    const probe = await api('POST', '/v1/_probe/writes', tenant.auth, { note }, 'note-with-address');
    expect([probe.status, probe.body!.note]).toEqual([201, note]);
    expect((await api('POST', '/v1/_probe/writes', tenant.auth, { note }, 'note-with-address')).body!.note).toBe(note);

    // What the database held before: the address and the name, in several tables.
    const before = await everything(t);
    for (const table of ['contacts', 'outbox', 'webhook_messages']) {
      const rows = (
        await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} t WHERE lower(t::text) LIKE '%' || $1 || '%'`, [
          email.toLowerCase(),
        ])
      )[0]!.n;
      expect([table, rows > 0]).toEqual([table, true]);
    }
    expect(before).toContain(email.toLowerCase());
    expect(before).toContain(name.toLowerCase());
    const summary = async () => (await api('GET', '/v1/analytics/summary?range_days=7', tenant.auth)).body;
    const totalsBefore = await summary();
    const countBefore = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE workspace_id = $1', [ws]);

    // Erased: 204, replayed under its key, 404 the second time, gone from the list.
    const erased = await api('DELETE', `/v1/contacts/${contact.id}`, tenant.auth, undefined, 'erase-1');
    expect([erased.status, erased.body]).toEqual([204, undefined]);
    const replay = await api('DELETE', `/v1/contacts/${contact.id}`, tenant.auth, undefined, 'erase-1');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([204, 'true']);
    const again = await api('DELETE', `/v1/contacts/${contact.id}`, tenant.auth, undefined, 'erase-2');
    expect([again.status, again.body!.code]).toEqual([404, 'resource_not_found']);
    expect(((await api('GET', '/v1/contacts', tenant.auth)).body!.data as Json[]).map((c) => c.id)).not.toContain(contact.id);

    // Subscribers are told, with no personal data, and the envelope validates as the contract says (contract test).
    await waitUntil('contact.deleted delivered', () => ofType('/erasure', 'contact.deleted').length === 1);
    const [deleted] = ofType('/erasure', 'contact.deleted');
    const payload = verifyWith(secret, deleted!) as Json;
    expect(payload.data).toEqual({ contact: { id: contact.id, deleted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) } });
    expect(deleted!.body.toLowerCase()).not.toContain(email.toLowerCase());

    // A resend of the old contact.created delivery carries the placeholder, signed anew; the log says why.
    await waitUntil('no delivery in flight', async () =>
      ((await api('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries`, tenant.auth)).body!.data as Json[]).every(
        (d) => d.status !== 'PENDING',
      ),
    );
    expect((await api('POST', `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/resend`, tenant.auth)).status).toBe(202);
    await waitUntil('the resend after the erasure delivered', () => ofType('/erasure', 'contact.created').length === 3);
    const resent = ofType('/erasure', 'contact.created')[2]!;
    expect(resent.headers['webhook-id']).toBe(delivery!.event_id);
    expect((verifyWith(secret, resent) as Json).data.contact).toEqual({ ...contact, email: PLACEHOLDER, name: null });
    const log = await t.sql<{ type: string; data: Json }>(
      'SELECT type, data FROM webhook_delivery_events WHERE delivery_id = $1 ORDER BY version',
      [delivery!.id],
    );
    const types = log.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['DeliveryCreated', 'AttemptSucceeded']); // the history is kept, not rewritten
    expect(types.filter((x) => x === 'PayloadRedacted')).toHaveLength(1);
    expect(types.indexOf('PayloadRedacted')).toBeLessThan(types.lastIndexOf('DeliveryRequeued'));
    expect(log.find((e) => e.type === 'PayloadRedacted')!.data).toEqual({ at: expect.any(String), reason: 'PERSONAL_DATA_ERASED' });
    await waitUntil(
      'the resend recorded',
      async () =>
        (await api('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}`, tenant.auth)).body!.attempt_count === 3,
    );

    // The stored response of the idempotent request is replayed with the placeholder.
    const replayedNote = await api('POST', '/v1/_probe/writes', tenant.auth, { note }, 'note-with-address');
    expect([replayedNote.headers['idempotent-replayed'], replayedNote.body!.note]).toEqual([
      'true',
      `Reply to ${PLACEHOLDER} about the course`,
    ]);

    // Nothing left, in any case, in a pg_dump nor in any row; the tombstone and the placeholder are there.
    const after = await everything(t);
    expect(after).not.toContain(email.toLowerCase());
    expect(after).not.toContain(name.toLowerCase());
    expect(after).toContain(contact.id.toLowerCase());
    expect(after).toContain(PLACEHOLDER);

    // Counts do not drop: the tombstone still counts, the analytics summary is the same.
    expect(await t.sql('SELECT count(*)::int AS n FROM contacts WHERE workspace_id = $1', [ws])).toEqual(countBefore);
    expect(await t.sql('SELECT email, name, deleted_at IS NOT NULL AS erased FROM contacts WHERE id = $1', [contact.id])).toEqual([
      { email: null, name: null, erased: true },
    ]);
    expect(await summary()).toEqual(totalsBefore);
  }, 60_000);

  it('404 for an unknown contact and another workspace’s; 403 for a test-mode key and a key without contacts:write', async () => {
    const tenant = await aTenant(t.commands);
    const other = await aTenant(t.commands);
    const mine = (await t.commands.execute(
      new CaptureContactCommand(tenant.workspace.id, `x${unique()}@example.com`, undefined, 'FORM', undefined, undefined),
    )) as Json;
    expect((await api('DELETE', '/v1/contacts/ctc_nope', tenant.auth)).body!.code).toBe('resource_not_found');
    expect((await api('DELETE', `/v1/contacts/${mine.id}`, other.auth)).body!.code).toBe('resource_not_found');
    const test = await aKey(t.commands, tenant.workspace.id, { mode: 'test' });
    const readOnly = await aKey(t.commands, tenant.workspace.id, { scopes: ['contacts:read'] });
    const asTest = await api('DELETE', `/v1/contacts/${mine.id}`, { authorization: `Bearer ${test.key}` });
    expect([asTest.status, asTest.body!.code]).toEqual([403, 'test_key_read_only']);
    const asReader = await api('DELETE', `/v1/contacts/${mine.id}`, { authorization: `Bearer ${readOnly.key}` });
    expect([asReader.status, asReader.body!.code]).toEqual([403, 'insufficient_scope']);
    // Keys created with every scope hold contacts:write.
    expect((await aKey(t.commands, tenant.workspace.id)).scopes).toContain('contacts:write');
    expect((await api('DELETE', `/v1/contacts/${mine.id}`, tenant.auth)).status).toBe(204);
  });

  it('the operator CLI erases every contact with an address, in one workspace or in all of them', async () => {
    const email = `cli.${unique()}@example.com`;
    const a = await aWorkspace(t.commands);
    const b = await aWorkspace(t.commands);
    const capture = (ws: string, source: string) =>
      t.commands.execute(new CaptureContactCommand(ws, email, 'Cli Person', source, undefined, undefined)) as Promise<Json>;
    const [a1, a2, b1] = [await capture(a.id, 'FORM'), await capture(a.id, 'NEWSLETTER'), await capture(b.id, 'FORM')];

    const one = await cli(t, ['contact', 'erase', '--email', email.toUpperCase(), '--workspace', a.id]);
    expect([one.code, one.stderr]).toEqual([0, '']);
    expect(one.json.erased.map((c: Json) => c.id).sort()).toEqual([a1.id, a2.id].sort());
    expect(one.json.erased[0]).toEqual({ id: expect.any(String), workspace_id: a.id, deleted_at: expect.any(String) });
    expect(await t.sql('SELECT id FROM contacts WHERE email = $1', [email])).toEqual([{ id: b1.id }]);

    const all = await cli(t, ['contact', 'erase', '--email', email]);
    expect(all.json.erased.map((c: Json) => c.id)).toEqual([b1.id]);
    const none = await cli(t, ['contact', 'erase', '--email', email]);
    expect([none.code, none.stderr.trim()]).toEqual([2, 'error: resource_not_found: No such contact with this e-mail address.']);
    expect(await everything(t)).not.toContain(email);
  }, 60_000);
});

/**
 * An erasure that commits while the outbox relay has the contact's `contact.created` row in hand: claimed, its first
 * attempt in flight (the receiver holds its answer), its envelope not yet written. The relay reads the row again
 * under its lock when it marks it published, so the envelope it stores is the redacted one.
 */
describe('erasing a contact while its contact.created is being fanned out', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (_req, res, body) => {
      if ((JSON.parse(body) as Json).type !== 'contact.created') return void res.writeHead(204).end();
      void gate.then(() => res.writeHead(204).end());
    };
    t = await startTestApp({
      runWorkers: true,
      env: { WEBHOOK_ALLOWED_TARGETS: rx.target, WEBHOOK_FIRST_ATTEMPT_WAIT_MS: '5000' },
    });
  }, 30_000);
  afterAll(async () => {
    release();
    await t.close();
    await rx.close();
  });

  it('stores the redacted envelope, and the address is nowhere', async () => {
    const tenant = await aTenant(t.commands);
    const email = `in.flight.${randomBytes(6).toString('hex')}@example.com`;
    const hook = await t.inject({
      method: 'POST',
      url: '/v1/webhook-endpoints',
      headers: { ...tenant.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: rx.url('/held'), event_types: ['contact.created'] }),
    });
    expect(hook.statusCode).toBe(201);
    const contact = (await t.commands.execute(
      new CaptureContactCommand(tenant.workspace.id, email, 'In Flight', 'FORM', undefined, undefined),
    )) as Json;
    const held = () => rx.at('/held').filter((r) => (JSON.parse(r.body) as Json).type === 'contact.created');
    await rx.waitFor(() => held().length === 1);
    // The first attempt carried the address (it was sent before the erasure); no envelope is stored yet.
    expect(held()[0]!.body).toContain(email);
    expect(await t.sql('SELECT event_id FROM webhook_messages')).toEqual([]);

    const erased = await t.inject({ method: 'DELETE', url: `/v1/contacts/${contact.id}`, headers: tenant.auth });
    expect(erased.statusCode).toBe(204);
    release();
    const until = Date.now() + 15_000;
    while (
      (await t.sql('SELECT 1 FROM outbox WHERE processed_at IS NULL')).length > 0 ||
      (await t.sql('SELECT 1 FROM webhook_messages')).length === 0
    ) {
      if (Date.now() > until) throw new Error('timed out waiting for the fan-out');
      await new Promise((r) => setTimeout(r, 50));
    }
    const [message] = await t.sql<{ body: string }>('SELECT body FROM webhook_messages');
    expect((JSON.parse(message!.body) as Json).data.contact).toMatchObject({ id: contact.id, email: PLACEHOLDER, name: null });
    expect(await everything(t)).not.toContain(email);
  }, 60_000);
});
