import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { RecordSaleCommand } from '../../../src/commerce/index.js';
import { ERASURE_BATCH } from '../../../src/platform/outbox/outbox-personal-data.js';
import { withoutAnswers } from '../../../src/platform/database/migrations/0027-delivery-log-without-answers.js';
import { aTenant } from '../../factories/access.factory.js';
import { cli } from '../../support/cli.js';
import { dumpDatabase, pgDump } from '../../support/dump.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PLACEHOLDER = 'erased@erased.invalid';

/**
 * Erasure reaches every copy (docs/adr/0058, decisions "Erased means erased"), end to end with the real app, its
 * workers and a real HTTPS receiver whose error page echoes the request body (as frameworks' default error pages do):
 * - what the service recorded about the deliveries (the delivery log's events, the delivery's projection, the
 *   deliveries API) holds no word of the receiver's answer, so no copy of the address or the name;
 * - erasure by address reaches the `sale.*` outbox rows and envelopes whatever their age, those written before the
 *   contact existed included; the sale row keeps `customer_email`, the record of the sale.
 */
describe('erasure reaches the delivery log and sales by address', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();

  beforeAll(async () => {
    await rx.start();
    // The creation's signed endpoint.test is answered 204; every other event gets a 500 page echoing its body.
    rx.behaviour = (_req, res, body) => {
      if ((JSON.parse(body) as Json).type === 'endpoint.test') return void res.writeHead(204).end();
      res.writeHead(500, { 'content-type': 'text/html' }).end(`<h1>Internal Server Error</h1><pre>${body}</pre>`);
    };
    t = await startTestApp({
      runWorkers: true,
      env: { WEBHOOK_ALLOWED_TARGETS: rx.target, WEBHOOK_RETRY_DELAYS: '0.05', RATE_LIMIT_BURST_REQUESTS: '100000' },
    });
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  const api = async (method: string, url: string, auth: Record<string, string>, body?: unknown) => {
    const res = await t.inject({
      method: method as 'GET',
      url,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, text: res.body, body: res.body ? (JSON.parse(res.body) as Json) : undefined };
  };
  const waitUntil = async (what: string, check: () => Promise<boolean> | boolean, ms = 20_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const unique = () => randomBytes(6).toString('hex');
  const echoed = (path: string, type: string) => rx.at(path).filter((r) => (JSON.parse(r.body) as Json).type === type);
  /** Every delivery of the endpoint as the API returns them, each read one by one too: the text a client sees. */
  const deliveriesText = async (auth: Record<string, string>, endpointId: string) => {
    const list = await api('GET', `/v1/webhook-endpoints/${endpointId}/deliveries`, auth);
    expect(list.status).toBe(200);
    const one = await Promise.all(
      (list.body!.data as Json[]).map((d) => api('GET', `/v1/webhook-endpoints/${endpointId}/deliveries/${d.id}`, auth)),
    );
    return { deliveries: list.body!.data as Json[], text: [list.text, ...one.map((r) => r.text)].join('\n').toLowerCase() };
  };
  const endpointFor = async (auth: Record<string, string>, path: string, eventTypes: string[]) => {
    const hook = await api('POST', '/v1/webhook-endpoints', auth, { url: rx.url(path), event_types: eventTypes });
    expect(hook.status).toBe(201);
    return hook.body!.endpoint as Json;
  };
  const failedEverywhere = (auth: Record<string, string>, endpointId: string, n: number) =>
    waitUntil(`${n} deliveries FAILED`, async () => {
      const { deliveries } = await deliveriesText(auth, endpointId);
      return deliveries.length === n && deliveries.every((d) => d.status === 'FAILED');
    });

  it('an answer echoing contact.created leaves no copy in the delivery log, the projection or the API', async () => {
    const tenant = await aTenant(t.commands);
    const email = `echo.${unique()}@example.com`;
    const name = `Ottilie Echo-${unique()}`;
    const endpoint = await endpointFor(tenant.auth, '/echo', ['contact.created']);
    const contact = (await t.commands.execute(
      new CaptureContactCommand(tenant.workspace.id, email, name, 'NEWSLETTER', undefined, undefined),
    )) as Json;
    // The receiver got the address and the name, and answered them back with a 500, on every attempt.
    await failedEverywhere(tenant.auth, endpoint.id, 1);
    const got = echoed('/echo', 'contact.created');
    expect(got.length).toBeGreaterThan(1);
    expect(got[0]!.body).toContain(email);
    expect(got[0]!.body).toContain(name);

    // What the service recorded of the answers: the status and its reason phrase, nothing of the body.
    const before = await deliveriesText(tenant.auth, endpoint.id);
    const [delivery] = before.deliveries;
    expect(delivery!.attempts.length).toBe(got.length);
    for (const a of delivery!.attempts as Json[]) expect([a.status_code, a.error]).toEqual([500, 'HTTP 500 Internal Server Error']);
    expect(before.text).not.toContain(email);
    const log = await t.sql<{ data: Json }>(`SELECT data FROM webhook_delivery_events WHERE delivery_id = $1 AND type = 'AttemptFailed'`, [
      delivery!.id,
    ]);
    expect(log.map((e) => e.data.error)).toEqual(Array(got.length).fill('HTTP 500 Internal Server Error'));

    const erased = await api('DELETE', `/v1/contacts/${contact.id}`, tenant.auth);
    expect(erased.status).toBe(204);

    const after = (await deliveriesText(tenant.auth, endpoint.id)).text;
    const everything = [await pgDump(t), await dumpDatabase(t), after, t.logs.join('')].join('\n').toLowerCase();
    for (const word of [email, name.toLowerCase()]) expect(everything).not.toContain(word);
    expect(everything).toContain(PLACEHOLDER);
  }, 60_000);

  it('erasure by address reaches sale.* copies whatever their age; the sale keeps customer_email', async () => {
    const tenant = await aTenant(t.commands);
    const ws = tenant.workspace.id;
    const email = `buyer.${unique()}@example.com`;
    const endpoint = await endpointFor(tenant.auth, '/sales', ['sale.paid', 'contact.created']);
    // A sale recorded before the buyer signs up as a contact, one after: each an outbox row, an envelope, a delivery.
    const early = (await t.commands.execute(new RecordSaleCommand(ws, 'TIP', 500, 450, 'EUR', email.toUpperCase()))) as Json;
    await failedEverywhere(tenant.auth, endpoint.id, 1);
    await t.commands.execute(new CaptureContactCommand(ws, email, 'Bea Buyer', 'FORM', undefined, undefined));
    const late = (await t.commands.execute(new RecordSaleCommand(ws, 'PRODUCT', 9900, 9000, 'EUR', email))) as Json;
    await failedEverywhere(tenant.auth, endpoint.id, 3);
    const [created] = await t.sql<{ contact: Date; copy: Date }>(
      `SELECT (SELECT created_at FROM contacts WHERE workspace_id = $1) AS contact,
              (SELECT min(created_at) FROM outbox WHERE workspace_id = $1 AND type = 'sale.paid') AS copy`,
      [ws],
    );
    expect(created!.copy.getTime()).toBeLessThan(created!.contact.getTime());
    for (const table of ['outbox', 'webhook_messages']) {
      const [{ n }] = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} t WHERE t.workspace_id = $1 AND strpos(lower(t::text), $2) > 0`,
        [ws, email],
      );
      expect([table, n]).toEqual([table, 3]); // two sales and the contact
    }

    const erased = await cli(t, ['contact', 'erase', '--email', email, '--workspace', ws]);
    expect([erased.code, erased.stderr]).toEqual([0, '']);

    // The sale rows keep the address, the record of each sale (docs/operations.md); every other copy is gone.
    const sales = await t.sql<{ id: string; customer_email: string }>(
      'SELECT id, customer_email FROM sales WHERE workspace_id = $1 ORDER BY created_at',
      [ws],
    );
    expect(sales.map((s) => [s.id, s.customer_email.toLowerCase()])).toEqual([
      [early.id, email],
      [late.id, email],
    ]);
    const outsideSales = (await pgDump(t))
      .split('\n')
      .filter((line) => !line.startsWith('INSERT INTO public.sales '))
      .join('\n');
    const api_ = (await deliveriesText(tenant.auth, endpoint.id)).text;
    const everything = [outsideSales, await dumpDatabase(t, { sales: ['customer_email'] }), api_].join('\n').toLowerCase();
    expect(everything).not.toContain(email);
    const payloads = await t.sql<{ body: string }>('SELECT body FROM webhook_messages WHERE workspace_id = $1 AND type = $2', [
      ws,
      'sale.paid',
    ]);
    expect(payloads.map((p) => (JSON.parse(p.body) as Json).data.sale.customer_email)).toEqual([PLACEHOLDER, PLACEHOLDER]);
  }, 60_000);

  it('reads on past a batch: every one of more copies than a batch holds is redacted', async () => {
    const tenant = await aTenant(t.commands);
    const ws = tenant.workspace.id;
    const email = `many.${unique()}@example.com`;
    const copies = 2 * ERASURE_BATCH + 1; // three batches, the last one short, with other rows in between
    const sale = (i: number, to: string) => JSON.stringify({ type: 'sale.paid', data: { sale: { id: `sale_${i}`, customer_email: to } } });
    await t.sql(
      `INSERT INTO outbox (workspace_id, event_id, type, payload, created_at, processed_at)
       SELECT $1, 'evt_many_' || i, 'sale.paid', $2::jsonb, now() - interval '1 day', now() - interval '1 day'
         FROM generate_series(1, $3::int) AS i`,
      [ws, sale(0, email), copies],
    );
    await t.sql(
      `INSERT INTO webhook_messages (workspace_id, event_id, type, body, created_at)
       SELECT $1, 'whmsg_many_' || lpad(i::text, 5, '0'), 'sale.paid',
              CASE WHEN i % 3 = 0 THEN $4 ELSE $2 END, now() - interval '1 day'
         FROM generate_series(1, $3::int * 3 / 2) AS i`,
      [ws, sale(0, email.toUpperCase()), copies, sale(1, 'someone.else@example.com')],
    );
    const carrying = async () =>
      t.sql<{ outbox: number; envelopes: number }>(
        `SELECT (SELECT count(*)::int FROM outbox WHERE workspace_id = $1 AND strpos(lower(payload::text), $2) > 0) AS outbox,
                (SELECT count(*)::int FROM webhook_messages WHERE workspace_id = $1 AND strpos(lower(body), $2) > 0) AS envelopes`,
        [ws, email],
      );
    expect((await carrying())[0]!.outbox).toBe(copies);
    expect((await carrying())[0]!.envelopes).toBe(copies);
    const contact = (await t.commands.execute(new CaptureContactCommand(ws, email, undefined, 'FORM', undefined, undefined))) as Json;
    expect((await api('DELETE', `/v1/contacts/${contact.id}`, tenant.auth)).status).toBe(204);
    expect(await carrying()).toEqual([{ outbox: 0, envelopes: 0 }]);
    const others = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_messages WHERE workspace_id = $1 AND body = $2`, [
      ws,
      sale(1, 'someone.else@example.com'),
    ]);
    expect(others[0]!.n).toBe(Math.floor((copies * 3) / 2 / 3)); // the rows in between are left as they were
  }, 60_000);

  it('migration 0027 rewrites the answers the old code kept, in the events and the projection', async () => {
    const tenant = await aTenant(t.commands);
    const email = `old.${unique()}@example.com`;
    const endpoint = await endpointFor(tenant.auth, '/old', ['contact.created']);
    await t.commands.execute(new CaptureContactCommand(tenant.workspace.id, email, 'Olga Old', 'FORM', undefined, undefined));
    await failedEverywhere(tenant.auth, endpoint.id, 1);
    const [delivery] = (await deliveriesText(tenant.auth, endpoint.id)).deliveries;
    // The rows as the old sender wrote them: the status and the start of the echoed body.
    const old = `HTTP 500: <h1>Internal Server Error</h1><pre>{"data":{"contact":{"email":"${email}"}}}</pre>`;
    await t.sql(`
      ALTER TABLE webhook_delivery_events DISABLE TRIGGER webhook_delivery_events_no_update;
      UPDATE webhook_delivery_events SET data = jsonb_set(data, '{error}', to_jsonb('${old}'::text))
       WHERE delivery_id = '${delivery!.id}' AND type = 'AttemptFailed';
      ALTER TABLE webhook_delivery_events ENABLE TRIGGER webhook_delivery_events_no_update;
      UPDATE webhook_deliveries SET attempts = (
        SELECT jsonb_agg(jsonb_set(a, '{error}', to_jsonb('${old}'::text)) ORDER BY i)
          FROM jsonb_array_elements(attempts) WITH ORDINALITY AS x(a, i))
       WHERE id = '${delivery!.id}';`);
    expect((await deliveriesText(tenant.auth, endpoint.id)).text).toContain(email);
    // An attempt with no answer (a network error, a time-out): the service's own text, kept as it is.
    await t.sql(
      `INSERT INTO webhook_delivery_events (workspace_id, delivery_id, version, type, data)
       SELECT workspace_id, id, version + 1, 'AttemptFailed', $2::jsonb FROM webhook_deliveries WHERE id = $1`,
      [delivery!.id, JSON.stringify({ number: 99, statusCode: null, error: 'timeout after 10000 ms', durationMs: 1, at: new Date() })],
    );

    await t.sql(withoutAnswers());

    expect((await deliveriesText(tenant.auth, endpoint.id)).text).not.toContain(email);
    const [projection] = await t.sql<{ attempts: Json[] }>('SELECT attempts FROM webhook_deliveries WHERE id = $1', [delivery!.id]);
    expect(projection!.attempts.map((a) => a.error)).toEqual(Array(projection!.attempts.length).fill('HTTP 500 Internal Server Error'));
    const events = await t.sql<{ data: Json }>(
      `SELECT data FROM webhook_delivery_events WHERE delivery_id = $1 AND type = 'AttemptFailed' ORDER BY version`,
      [delivery!.id],
    );
    expect(events.map((e) => e.data.error)).toEqual([
      ...Array(events.length - 1).fill('HTTP 500 Internal Server Error'),
      'timeout after 10000 ms',
    ]);
    const stored = await t.sql<{ n: number }>(
      `SELECT (SELECT count(*) FROM webhook_delivery_events e WHERE strpos(e.data::text, $1) > 0)
            + (SELECT count(*) FROM webhook_deliveries d WHERE strpos(d.attempts::text, $1) > 0) AS n`,
      [email],
    );
    expect(stored).toEqual([{ n: '0' }]);
    // The log is append-only again.
    await expect(t.sql(`UPDATE webhook_delivery_events SET type = type WHERE delivery_id = $1`, [delivery!.id])).rejects.toThrow(
      /append-only/,
    );
  }, 60_000);
});
