import { describe, expect, it } from '@jest/globals';
import { checkWebhookUrl, Endpoint, MAX_ENDPOINTS_PER_WORKSPACE } from './endpoint.js';

/** What the application hands in: the event types the other contexts publish. */
const SUBSCRIBABLE = ['contact.created', 'page.published', 'sale.paid', 'sale.refunded'];

const t0 = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const H = 3600 * 1000;

function anEndpoint(over: Partial<Parameters<typeof Endpoint.register>[0]> = {}) {
  return Endpoint.register({
    id: 'we_1',
    workspaceId: 'ws_1',
    url: 'https://hooks.example.com/in',
    eventTypes: ['page.published'],
    subscribable: SUBSCRIBABLE,
    secretRef: 'sec_a',
    now: t0,
    ...over,
  });
}
const pointersOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return [(e as { code?: string }).code, ...((e as { errors?: { pointer: string }[] }).errors ?? []).map((x) => x.pointer)];
  }
  return ['no error'];
};

describe('Endpoint: registration', () => {
  it('starts ACTIVE with zeroed counters and null timestamps', () => {
    const s = anEndpoint().snapshot();
    expect(s).toEqual({
      id: 'we_1',
      workspaceId: 'ws_1',
      url: 'https://hooks.example.com/in',
      eventTypes: ['page.published'],
      status: 'ACTIVE',
      disabledReason: null,
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      currentSecretRef: 'sec_a',
      previousSecretRef: null,
      previousSecretExpiresAt: null,
      createdAt: t0,
      updatedAt: t0,
    });
    expect(MAX_ENDPOINTS_PER_WORKSPACE).toBe(10);
  });

  it('accepts every subscribable type and de-duplicates in first-seen order', () => {
    expect(anEndpoint({ eventTypes: [...SUBSCRIBABLE] }).snapshot().eventTypes).toEqual([
      'contact.created',
      'page.published',
      'sale.paid',
      'sale.refunded',
    ]);
    expect(anEndpoint({ eventTypes: ['sale.paid', 'page.published', 'sale.paid'] }).snapshot().eventTypes).toEqual([
      'sale.paid',
      'page.published',
    ]);
  });

  it('refuses an empty list, and each unknown type with its own pointer', () => {
    expect(pointersOf(() => anEndpoint({ eventTypes: [] }))).toEqual(['invalid_request', '/event_types']);
    expect(pointersOf(() => anEndpoint({ eventTypes: ['page.published', 'endpoint.test', 'sale.paid', 'nope', 7] }))).toEqual([
      'invalid_request',
      '/event_types/1',
      '/event_types/3',
      '/event_types/4',
    ]);
  });

  it('reports URL and event type errors together', () => {
    expect(pointersOf(() => anEndpoint({ url: 'http://x.example', eventTypes: ['x'] }))).toEqual([
      'invalid_request',
      '/url',
      '/event_types/0',
    ]);
  });
});

describe('Endpoint: URL rules (errors point at /url)', () => {
  it.each([
    'https://hooks.example.com',
    'https://hooks.example.com:443/x?y=1',
    'https://93.184.216.34/hook',
    'https://[2606:2800:220:1::]/hook',
    ' https://hooks.example.com/in ',
  ])('accepts %s', (url) => {
    expect(checkWebhookUrl(url)).toBe(url.trim());
  });

  it.each([
    ['not a URL', 'hooks.example.com/in'],
    ['plain http', 'http://hooks.example.com/in'],
    ['another scheme', 'ftp://hooks.example.com/in'],
    ['a user name', 'https://user@hooks.example.com/in'],
    ['credentials', 'https://user:pw@hooks.example.com/in'],
    ['another port', 'https://hooks.example.com:8443/in'],
    ['port 80', 'https://hooks.example.com:80/in'],
    ['an empty string', ''],
    ['too long', `https://hooks.example.com/${'a'.repeat(2048)}`],
  ])('refuses %s', (_label, url) => {
    expect(pointersOf(() => anEndpoint({ url }))).toEqual(['invalid_request', '/url']);
  });

  it('lets allowed host:port targets skip the port rule, but still requires https', () => {
    const allowedTargets = ['127.0.0.1:8443', 'LocalHost:9443', '[::1]:9443'];
    expect(anEndpoint({ url: 'https://127.0.0.1:8443/hook', allowedTargets }).url).toBe('https://127.0.0.1:8443/hook');
    expect(anEndpoint({ url: 'https://localhost:9443/hook', allowedTargets }).url).toBe('https://localhost:9443/hook');
    expect(anEndpoint({ url: 'https://[::1]:9443/hook', allowedTargets }).url).toBe('https://[::1]:9443/hook');
    expect(pointersOf(() => anEndpoint({ url: 'http://127.0.0.1:8443/hook', allowedTargets }))).toEqual(['invalid_request', '/url']);
    expect(pointersOf(() => anEndpoint({ url: 'https://127.0.0.1:9443/hook', allowedTargets }))).toEqual(['invalid_request', '/url']);
    expect(pointersOf(() => anEndpoint({ url: 'https://user:pw@127.0.0.1:8443/hook', allowedTargets }))).toEqual([
      'invalid_request',
      '/url',
    ]);
  });
});

describe('Endpoint: configuration changes', () => {
  it('changeUrl validates and moves updatedAt; a bad URL changes nothing', () => {
    const e = anEndpoint();
    e.changeUrl('https://new.example.com/hook', at(H));
    expect(e.snapshot()).toMatchObject({ url: 'https://new.example.com/hook', updatedAt: at(H) });
    expect(pointersOf(() => e.changeUrl('http://new.example.com', at(2 * H)))).toEqual(['invalid_request', '/url']);
    expect(e.snapshot()).toMatchObject({ url: 'https://new.example.com/hook', updatedAt: at(H) });
    e.changeUrl('https://localhost:9443/x', at(3 * H), ['localhost:9443']);
    expect(e.url).toBe('https://localhost:9443/x');
  });

  it('changeEventTypes validates with the same pointers', () => {
    const e = anEndpoint();
    e.changeEventTypes(['sale.paid', 'sale.refunded', 'sale.paid'], SUBSCRIBABLE, at(H));
    expect(e.snapshot()).toMatchObject({ eventTypes: ['sale.paid', 'sale.refunded'], updatedAt: at(H) });
    expect(pointersOf(() => e.changeEventTypes(['sale.paid', 'bogus'], SUBSCRIBABLE, at(2 * H)))).toEqual([
      'invalid_request',
      '/event_types/1',
    ]);
    expect(pointersOf(() => e.changeEventTypes([], SUBSCRIBABLE, at(2 * H)))).toEqual(['invalid_request', '/event_types']);
    expect(e.snapshot().eventTypes).toEqual(['sale.paid', 'sale.refunded']);
  });

  it('subscribesTo follows the event types', () => {
    const e = anEndpoint({ eventTypes: ['page.published', 'sale.paid'] });
    expect(e.subscribesTo('page.published')).toBe(true);
    expect(e.subscribesTo('sale.paid')).toBe(true);
    expect(e.subscribesTo('contact.created')).toBe(false);
    expect(e.subscribesTo('endpoint.test')).toBe(false);
  });

  it('disable is MANUAL; enable makes it ACTIVE and resets the counter', () => {
    const e = anEndpoint();
    e.recordDeliveryFailed(at(H));
    e.disable(at(2 * H));
    expect(e.snapshot()).toMatchObject({ status: 'DISABLED', disabledReason: 'MANUAL', consecutiveFailures: 1, updatedAt: at(2 * H) });
    expect(e.isActive()).toBe(false);
    e.enable(at(3 * H));
    expect(e.snapshot()).toMatchObject({ status: 'ACTIVE', disabledReason: null, consecutiveFailures: 0, updatedAt: at(3 * H) });
    expect(e.isActive()).toBe(true);
  });

  it('enable resets the counter even on an active endpoint', () => {
    const e = anEndpoint();
    e.recordDeliveryFailed(at(H));
    e.enable(at(2 * H));
    expect(e.snapshot().consecutiveFailures).toBe(0);
  });

  it('disabling an auto-disabled endpoint keeps its reason', () => {
    const e = anEndpoint();
    for (let i = 0; i < 20; i++) e.recordDeliveryFailed(at(i * H));
    e.disable(at(30 * H));
    expect(e.snapshot()).toMatchObject({ status: 'DISABLED', disabledReason: 'CONSECUTIVE_FAILURES', updatedAt: at(19 * H) });
  });
});

describe('Endpoint: secrets', () => {
  it('signs with the current secret only until a rotation', () => {
    expect(anEndpoint().activeSecretRefs(t0)).toEqual(['sec_a']);
  });

  it('rotation keeps the previous secret for 24 hours beside the new one', () => {
    const e = anEndpoint();
    e.rotateSecret('sec_b', at(H));
    expect(e.snapshot()).toMatchObject({
      currentSecretRef: 'sec_b',
      previousSecretRef: 'sec_a',
      previousSecretExpiresAt: at(25 * H),
      updatedAt: at(H),
    });
    expect(e.activeSecretRefs(at(H))).toEqual(['sec_b', 'sec_a']);
    expect(e.activeSecretRefs(at(25 * H - 1))).toEqual(['sec_b', 'sec_a']);
    expect(e.activeSecretRefs(at(25 * H))).toEqual(['sec_b']);
  });

  it('a second rotation replaces the previous secret: never more than two', () => {
    const e = anEndpoint();
    e.rotateSecret('sec_b', at(H));
    e.rotateSecret('sec_c', at(2 * H));
    expect(e.activeSecretRefs(at(2 * H))).toEqual(['sec_c', 'sec_b']);
    expect(e.snapshot().previousSecretExpiresAt).toEqual(at(26 * H));
  });
});

describe('Endpoint: delivery outcomes', () => {
  it('a success resets the counter and stamps lastSuccessAt; a failure counts and stamps lastFailureAt', () => {
    const e = anEndpoint();
    expect(e.recordDeliveryFailed(at(H))).toBeNull();
    e.recordDeliveryFailed(at(2 * H));
    expect(e.snapshot()).toMatchObject({ consecutiveFailures: 2, lastFailureAt: at(2 * H), lastSuccessAt: null, updatedAt: t0 });
    e.recordDeliverySucceeded(at(3 * H));
    expect(e.snapshot()).toMatchObject({ consecutiveFailures: 0, lastSuccessAt: at(3 * H), lastFailureAt: at(2 * H), status: 'ACTIVE' });
  });

  it('the 20th consecutive failure disables the endpoint and raises EndpointAutoDisabled once', () => {
    const e = anEndpoint();
    for (let i = 1; i <= 19; i++) expect(e.recordDeliveryFailed(at(i * H))).toBeNull();
    expect(e.isActive()).toBe(true);
    const event = e.recordDeliveryFailed(at(20 * H));
    const expected = {
      type: 'EndpointAutoDisabled',
      endpointId: 'we_1',
      workspaceId: 'ws_1',
      url: 'https://hooks.example.com/in',
      consecutiveFailures: 20,
      at: at(20 * H),
    };
    expect(event).toEqual(expected);
    expect(e.snapshot()).toMatchObject({
      status: 'DISABLED',
      disabledReason: 'CONSECUTIVE_FAILURES',
      consecutiveFailures: 20,
      updatedAt: at(20 * H),
    });
    expect(e.pullEvents()).toEqual([expected]);
    expect(e.pullEvents()).toEqual([]);
    expect(e.recordDeliveryFailed(at(21 * H))).toBeNull(); // already disabled: no second notification
    expect(e.snapshot().consecutiveFailures).toBe(21);
  });

  it('a success in between starts the count over', () => {
    const e = anEndpoint();
    for (let i = 1; i <= 19; i++) e.recordDeliveryFailed(at(i * H));
    e.recordDeliverySucceeded(at(20 * H));
    for (let i = 21; i <= 39; i++) e.recordDeliveryFailed(at(i * H));
    expect(e.isActive()).toBe(true);
    expect(e.recordDeliveryFailed(at(40 * H))).not.toBeNull();
  });

  it('re-enabling after an auto-disable gives a fresh count of 20', () => {
    const e = anEndpoint();
    for (let i = 1; i <= 20; i++) e.recordDeliveryFailed(at(i * H));
    e.pullEvents();
    e.enable(at(30 * H));
    for (let i = 1; i <= 19; i++) expect(e.recordDeliveryFailed(at((30 + i) * H))).toBeNull();
    expect(e.recordDeliveryFailed(at(50 * H))).toMatchObject({ type: 'EndpointAutoDisabled' });
  });
});

describe('Endpoint: restore and snapshot', () => {
  it('round-trips and hands out copies', () => {
    const e = anEndpoint({ eventTypes: ['sale.paid'] });
    e.rotateSecret('sec_b', at(H));
    const restored = Endpoint.restore(e.snapshot());
    expect(restored.snapshot()).toEqual(e.snapshot());
    (restored.snapshot().eventTypes as string[]).push('page.published');
    expect(restored.subscribesTo('page.published')).toBe(false);
    expect(restored.id).toBe('we_1');
    expect(restored.workspaceId).toBe('ws_1');
    expect(restored.snapshot().status).toBe('ACTIVE');
  });
});
