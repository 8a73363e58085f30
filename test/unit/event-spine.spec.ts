import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { contactOutboxEvent } from '../../src/audience/application/integration-events.js';
import { Contact } from '../../src/audience/domain/contact.js';
import { saleOutboxEvent } from '../../src/commerce/application/integration-events.js';
import { domainOutboxEvent } from '../../src/custom-domains/application/integration-events.js';
import { claimDomain, recordCheck } from '../../src/custom-domains/domain/custom-domain.js';
import { Sale } from '../../src/commerce/domain/sale.js';
import { pageOutboxEvent } from '../../src/pages/application/integration-events.js';
import { Page } from '../../src/pages/domain/page.js';
import { eventSchemas } from '../../src/platform/openapi/event-schemas.js';
import type { NewOutboxEvent } from '../../src/platform/outbox/integration-event.js';
import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENTS } from '../../src/webhooks/application/webhook-events.js';

/**
 * One home per published event (docs/adr/0041). Each event type is spelled once, in its context's
 * `application/integration-events.ts`; the outbox mappers, the OpenAPI `webhooks` section (and so the SDK's event
 * types generated from it) and the webhook list are derived from there. Tests may spell the types: they check the
 * contract. What this walks:
 * - the committed OpenAPI document's `webhooks` (test/integration/tools/openapi-document.test.ts proves it is the served one);
 * - the outbox mappers, fed every domain event of the aggregates that publish;
 * - every string literal of the hand-written sources under src/ and clients/typescript/src.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as Json;
const TYPES = WEBHOOK_EVENTS.map((e) => e.type);
const HOME = /^src\/[a-z-]+\/application\/integration-events\.ts$/;
const GENERATED = new Set(['clients/typescript/src/generated/schema.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Where each event type is written as a string literal (file:line), in the hand-written sources. */
function spellings(): Map<string, string[]> {
  const found = new Map<string, string[]>(TYPES.map((t) => [t, []]));
  for (const file of [...sourceFiles('src'), ...sourceFiles('clients/typescript/src')]) {
    const name = relative(process.cwd(), file);
    if (GENERATED.has(name)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && found.has(node.text))
        found.get(node.text)!.push(`${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** A validator of a webhook entry's envelope, with the document's components. */
function envelopeValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'openapi', components: document.components });
  return (type: string) => {
    const schema = JSON.stringify(document.webhooks[type].post.requestBody.content['application/json'].schema);
    return ajv.compile(JSON.parse(schema.replaceAll('"#/components/', '"openapi#/components/')));
  };
}

/** Every domain event the publishing aggregates raise, through their outbox mappers. */
function mappedMessages(): NewOutboxEvent[] {
  const now = new Date('2026-11-24T04:25:00.000Z');
  const later = new Date('2026-11-24T05:00:00.000Z');
  const page = Page.create({ id: 'pg_1', workspaceId: 'ws_1', title: 'Ada', slug: 'ada', now });
  page.publish(now);
  const contact = Contact.capture({ id: 'ctc_1', workspaceId: 'ws_1', email: 'ada@example.com', source: 'NEWSLETTER', now });
  contact.erase(later);
  const sale = Sale.record({
    id: 'sale_1',
    workspaceId: 'ws_1',
    kind: 'TIP',
    grossAmountCents: 500,
    currency: 'usd',
    customerEmail: 'a@b.io',
    now,
  });
  sale.refund(later);
  const claimed = claimDomain({ id: 'dom_1', workspaceId: 'ws_1', hostname: 'links.example.com', pageId: 'pg_1', token: 't', now });
  const verified = recordCheck(claimed, true, later);
  const lost = recordCheck({ ...verified.state, missingSince: now }, false, new Date(now.getTime() + 4 * 24 * 3600_000));
  return [
    ...[verified, lost].flatMap((r) => r.events.map((e) => domainOutboxEvent(e, r.state))),
    ...page.pullEvents().flatMap((e) => pageOutboxEvent(e) ?? []),
    ...contact.pullEvents().map(contactOutboxEvent),
    ...sale.pullEvents().map(saleOutboxEvent),
  ];
}

describe('the event spine', () => {
  it('the OpenAPI webhooks section lists the published events, in the order of the webhook list', () => {
    expect(Object.keys(document.webhooks)).toEqual(TYPES);
    const published = [
      'contact.created',
      'contact.deleted',
      'page.published',
      'sale.paid',
      'sale.refunded',
      'domain.verified',
      'domain.verification_failed',
    ];
    expect(TYPES).toEqual([...published, 'endpoint.test']);
    expect(SUBSCRIBABLE_EVENT_TYPES).toEqual(published);
    for (const event of WEBHOOK_EVENTS) {
      expect(document.webhooks[event.type].post.summary).toBe(event.summary);
      expect(document.webhooks[event.type].post.requestBody.content['application/json'].example.data).toEqual(event.example);
    }
  });

  it('each outbox mapper writes a subscribable type, with data its webhook entry accepts, and every one is written', () => {
    const validatorOf = envelopeValidator();
    const messages = mappedMessages();
    expect(messages.map((m) => m.type).sort()).toEqual([...SUBSCRIBABLE_EVENT_TYPES].sort());
    for (const m of messages) {
      const validate = validatorOf(m.type);
      const envelope = { id: 'whmsg_1', type: m.type, created_at: m.occurredAt.toISOString(), data: m.data };
      expect([m.type, validate(JSON.parse(JSON.stringify(envelope))) ? 'valid' : JSON.stringify(validate.errors)]).toEqual([
        m.type,
        'valid',
      ]);
    }
  });

  it('each example is valid against its own schema', () => {
    const validatorOf = envelopeValidator();
    for (const event of WEBHOOK_EVENTS) {
      const validate = validatorOf(event.type);
      const envelope = { id: 'whmsg_1', type: event.type, created_at: '2026-11-24T04:25:00.000Z', data: event.example };
      expect([event.type, validate(envelope) ? 'valid' : JSON.stringify(validate.errors)]).toEqual([event.type, 'valid']);
    }
  });

  it('each example, and the data of each outbox mapper, parses as its event’s own zod schema, unknown fields included', () => {
    const byType = new Map(WEBHOOK_EVENTS.map((e) => [e.type, e]));
    const samples = [
      ...WEBHOOK_EVENTS.map((e) => ({ type: e.type, data: e.example as unknown })),
      ...mappedMessages().map((m) => ({ type: m.type, data: JSON.parse(JSON.stringify(m.data)) as unknown })),
    ];
    for (const { type, data } of samples) {
      const parsed = byType.get(type)!.data.safeParse(data);
      // A zod object drops fields it does not know: parsing back to the same value means there were none.
      expect([type, parsed.success ? parsed.data : parsed.error.issues]).toEqual([type, data]);
    }
  });

  it('a payload part the API defines (ContactResponse, DomainResponse) has the API’s properties', () => {
    const { apiDefined } = eventSchemas(WEBHOOK_EVENTS);
    expect(Object.keys(apiDefined)).toEqual(['ContactResponse', 'DomainResponse']);
    for (const [id, schema] of Object.entries(apiDefined)) expect(schema.properties).toEqual(document.components.schemas[id].properties);
  });

  it('spells each event type in exactly one hand-written source file: its context’s integration-events.ts', () => {
    const found = spellings();
    for (const [type, places] of found) {
      const files = [...new Set(places.map((p) => p.replace(/:\d+$/, '')))];
      expect([type, files.length === 1 && HOME.test(files[0]!) ? 'one home' : places]).toEqual([type, 'one home']);
    }
  });
});
