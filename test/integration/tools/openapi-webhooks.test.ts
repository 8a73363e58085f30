import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { RecordSaleCommand, RefundSaleCommand } from '../../../src/commerce/index.js';
import { DomainChecker } from '../../../src/custom-domains/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { TestDnsServer } from '../../support/dns-server.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The document's `webhooks` describe what receivers really get: every event type, delivered for real to an
 * HTTPS receiver, is valid against its entry, and carries the documented signature headers.
 */
describe('the OpenAPI webhooks section', () => {
  const rx = new HttpsReceiver();
  const dns = new TestDnsServer();
  let t: TestApp;
  beforeAll(async () => {
    await rx.start();
    await dns.start();
    t = await startTestApp({ runWorkers: true, env: { WEBHOOK_ALLOWED_TARGETS: rx.target, DNS_RESOLVERS: dns.resolvers } });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
    await dns.stop();
  });

  it('validates every delivered event against its webhook entry', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as Json;
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'contact.created',
      'contact.deleted',
      'domain.verification_failed',
      'domain.verified',
      'endpoint.test',
      'page.published',
      'sale.paid',
      'sale.refunded',
    ]);

    const tenant = await aTenant(t.commands);
    const call = async (method: string, url: string, body: unknown) => {
      const res = await t.inject({
        method: method as 'POST',
        url,
        headers: { ...tenant.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect([url, res.statusCode < 300]).toEqual([url, true]);
      return res.json() as Json;
    };
    await call('POST', '/v1/webhook-endpoints', {
      url: rx.url('/all'),
      event_types: [
        'contact.created',
        'contact.deleted',
        'page.published',
        'sale.paid',
        'sale.refunded',
        'domain.verified',
        'domain.verification_failed',
      ],
    });
    const ws = tenant.workspace.id;
    const contact = (await t.commands.execute(
      new CaptureContactCommand(ws, 'reader@example.com', 'Reader', 'NEWSLETTER', undefined, undefined),
    )) as { id: string };
    const erased = await t.inject({ method: 'DELETE', url: `/v1/contacts/${contact.id}`, headers: tenant.auth });
    expect(erased.statusCode).toBe(204);
    const page = await call('POST', '/v1/pages', { title: 'Webhook page' });
    await call('POST', `/v1/pages/${page.id}/publish`, {});
    const sale = await t.commands.execute(new RecordSaleCommand(ws, 'PRODUCT', 900, 810, 'usd', 'buyer@example.com'));
    await t.commands.execute(new RefundSaleCommand((sale as { id: string }).id));
    // A domain verified (its TXT record answered by the test's DNS server), another failed once its window has passed.
    const verified = await call('POST', '/v1/domains', { hostname: 'links.example.com', page_id: page.id });
    dns.set(verified.verification.name as string, { txt: [verified.verification.value as string] });
    expect((await call('POST', `/v1/domains/${verified.id}/verify`, {})).status).toBe('verified');
    const late = await call('POST', '/v1/domains', { hostname: 'late.example.com', page_id: page.id });
    await t.sql(
      `UPDATE custom_domains SET pending_since = now() - interval '8 days', next_check_at = now() - interval '1 second' WHERE id = $1`,
      [late.id],
    );
    await t.app.get(DomainChecker).checkDue();
    await rx.waitFor((all) => all.filter((r) => r.path === '/all').length >= 8, 20_000);

    // (Formats such as date-time are not checked: the OpenAPI keywords and shapes are what matter here.)
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'openapi', components: doc.components });
    const validators = new Map<string, ReturnType<Ajv['compile']>>();
    const validatorOf = (type: string) => {
      if (!validators.has(type)) {
        const schema = JSON.parse(
          JSON.stringify(doc.webhooks[type].post.requestBody.content['application/json'].schema).replaceAll(
            '"#/components/',
            '"openapi#/components/',
          ),
        );
        validators.set(type, ajv.compile(schema));
      }
      return validators.get(type)!;
    };
    const types = new Set<string>();
    for (const delivery of rx.at('/all')) {
      const body = JSON.parse(delivery.body) as { type: string };
      types.add(body.type);
      const validate = validatorOf(body.type);
      expect([body.type, validate(body) ? 'valid' : JSON.stringify(validate.errors)]).toEqual([body.type, 'valid']);
      for (const header of doc.webhooks[body.type].post.parameters as { name: string }[])
        expect(delivery.headers[header.name]).toBeDefined();
    }
    expect([...types].sort()).toEqual([
      'contact.created',
      'contact.deleted',
      'domain.verification_failed',
      'domain.verified',
      'endpoint.test',
      'page.published',
      'sale.paid',
      'sale.refunded',
    ]);
  }, 40_000);
});
