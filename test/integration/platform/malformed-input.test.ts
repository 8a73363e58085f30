import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aTenant } from '../../factories/access.factory.js';

/** Malformed input of every kind on every operation: always a problem+json 4xx with a contract code, never a 5xx. */
describe('malformed input', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let page: { id: string; draft: { updated_at: string; blocks: { id: string }[] } };
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
    auth = (await aTenant(t.commands)).auth;
    page = (await t.inject({ method: 'POST', url: '/v1/pages', headers: auth, payload: { title: 'Fuzz' } })).json();
    page = (
      await t.inject({
        method: 'POST',
        url: `/v1/pages/${page.id}/blocks`,
        headers: auth,
        payload: { expected_updated_at: page.draft.updated_at, kind: 'HEADER', data: { text: 'x' } },
      })
    ).json();
  });
  afterAll(() => t.close());

  const junk: unknown[] = [
    null,
    0,
    -1,
    // oxlint-disable-next-line no-loss-of-precision -- 1e309 overflows to Infinity on purpose (JSON sends it as null)
    1e309,
    'x',
    '',
    true,
    [],
    [1],
    {},
    { a: { b: { c: [null] } } },
    '\u0000',
    '💥'.repeat(50),
    'x'.repeat(10_000),
  ];

  const bodies = (stamp: () => string): Record<string, Record<string, unknown>[]> => ({
    create: junk.flatMap((v) => [
      { title: v },
      { title: 'ok', description: v },
      { title: 'ok', locale: v },
      { title: 'ok', theme_preset_key: v },
    ]),
    patch: junk.flatMap((v) => [
      { expected_updated_at: v },
      { expected_updated_at: stamp(), title: v },
      { expected_updated_at: stamp(), block_order: v },
      { expected_updated_at: stamp(), block_updates: v },
      { expected_updated_at: stamp(), block_updates: [v] },
      { expected_updated_at: stamp(), block_updates: [{ block_id: v }] },
      { expected_updated_at: stamp(), block_updates: [{ block_id: page.draft.blocks[0]!.id, data: v }] },
      { expected_updated_at: stamp(), block_updates: [{ block_id: page.draft.blocks[0]!.id, data: { text: v } }] },
      { expected_updated_at: stamp(), block_updates: [{ block_id: page.draft.blocks[0]!.id, enabled: v }] },
    ]),
    addBlock: junk.flatMap((v) => [
      { expected_updated_at: stamp(), kind: v },
      { expected_updated_at: stamp(), kind: 'LINK', data: v },
      { expected_updated_at: stamp(), kind: 'LINK', data: { url: v, title: v } },
      { expected_updated_at: stamp(), kind: 'IMAGE', file_url: v },
      { expected_updated_at: stamp(), kind: 'FILE', file_url: '/files/x/y', file_name: v },
      { expected_updated_at: stamp(), kind: 'CAROUSEL', data: { images: v } },
      { expected_updated_at: stamp(), kind: 'TIP', data: { currency: 'usd', suggested_amounts_cents: v } },
    ]),
    publish: junk.map((v) => ({ starts_at: v })),
  });

  const check = async (method: string, url: string, payload: unknown) => {
    const res = await t.inject({
      method: method as 'POST',
      url,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect([url, payload, res.statusCode < 500]).toEqual([url, payload, true]);
    if (res.statusCode >= 400) {
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(['invalid_request', 'stale_snapshot', 'resource_not_found', 'last_block_required']).toContain(res.json().code);
    }
  };

  it('never answers 5xx to junk bodies on the page operations', async () => {
    const current = async () =>
      (await t.inject({ method: 'GET', url: `/v1/pages/${page.id}`, headers: auth })).json().draft.updated_at as string;
    let stamp = await current();
    const b = bodies(() => stamp);
    for (const body of b.create) await check('POST', '/v1/pages', body);
    for (const body of b.patch) {
      await check('PATCH', `/v1/pages/${page.id}`, body);
      stamp = await current();
    }
    for (const body of b.addBlock) {
      await check('POST', `/v1/pages/${page.id}/blocks`, body);
      stamp = await current();
    }
    for (const body of b.publish) await check('POST', `/v1/pages/${page.id}/publish`, body);
    for (const body of [...junk, ...junk.map((v) => ({ x: v }))]) {
      await check('POST', `/v1/pages/${page.id}/archive`, body);
      await check('POST', '/v1/pages', body);
    }
  });

  it('never answers 5xx to junk in paths and query strings', async () => {
    const paths = [
      '/v1/pages/%00',
      '/v1/pages/' + 'x'.repeat(5000),
      '/v1/pages/..%2F..%2Fetc',
      '/v1/pages/%E2%82%AC',
      '/v1/pages?limit=-1',
      '/v1/pages?limit=1e3',
      '/v1/pages?limit[]=1',
      '/v1/pages?after[x]=1',
      '/v1/pages?after=' + 'A'.repeat(600),
      '/v1/contacts?limit=NaN',
      '/v1/files?limit=0x10',
      `/v1/pages/${page.id}/blocks/x?expected_updated_at=yesterday`,
      `/v1/pages/${page.id}/blocks/x?expected_updated_at=2026-13-45T99:99:99Z`,
      `/v1/pages/${page.id}/blocks/x?expected_updated_at[]=1`,
    ];
    for (const url of paths) {
      for (const method of ['GET', 'DELETE', 'PATCH', 'POST']) {
        const res = await t.inject({ method: method as 'GET', url, headers: auth });
        expect([method, url, res.statusCode < 500]).toEqual([method, url, true]);
        expect(res.headers['content-type'] ?? '').toMatch(/json/);
      }
    }
  });

  const problemAt = async (method: string, url: string, payload: string, headers: Record<string, string> = {}) => {
    const res = await t.inject({
      method: method as 'GET',
      url,
      headers: { ...auth, 'content-type': 'application/json', ...headers },
      payload,
    });
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    return { status: res.statusCode, body: res.json() as { code: string; errors?: { pointer?: string }[] } };
  };
  const stampOf = async () =>
    (await t.inject({ method: 'GET', url: `/v1/pages/${page.id}`, headers: auth })).json().draft.updated_at as string;

  it('refuses date-times that are not RFC 3339 instants (week, ordinal, basic, no offset, impossible dates) with 400', async () => {
    for (const starts_at of [
      '2026-W47-1T10:00:00Z',
      '2026-326T10:00Z',
      '20261122T100000Z',
      '2026-11-22T10:00:00,5Z',
      '2026-11-22',
      '2026-11-22T10:00:00',
      '2026-02-30T10:00:00Z',
    ]) {
      const res = await problemAt('POST', `/v1/pages/${page.id}/publish`, JSON.stringify({ starts_at }));
      expect([starts_at, res.status, res.body.errors?.[0]?.pointer]).toEqual([starts_at, 400, '/starts_at']);
    }
  });

  it('refuses a body nested 1500 levels deep, and lone surrogates anywhere, with 400 and a pointer', async () => {
    const deep = '['.repeat(1500) + ']'.repeat(1500);
    const nested = await problemAt('PATCH', `/v1/pages/${page.id}`, `{"expected_updated_at":"${await stampOf()}","block_order":${deep}}`);
    expect([nested.status, nested.body.code]).toEqual([400, 'invalid_request']);
    const lone = await problemAt(
      'POST',
      `/v1/pages/${page.id}/blocks`,
      `{"expected_updated_at":"${await stampOf()}","kind":"HEADER","data":{"text":"a\\ud800b"}}`,
      { 'idempotency-key': 'surrogate' },
    );
    expect([lone.status, lone.body.errors?.[0]?.pointer]).toEqual([400, '/data/text']);
    const key = await problemAt('POST', '/v1/pages', '{"title":"ok","\\udfff":1}');
    expect([key.status, key.body.errors?.[0]?.pointer]).toEqual([400, '/\udfff']);
  });

  it('refuses a JSON null body where an object is expected (it is not "no body")', async () => {
    for (const url of [`/v1/pages/${page.id}/publish`, `/v1/pages/${page.id}/archive`, '/v1/pages']) {
      const res = await problemAt('POST', url, 'null');
      expect([url, res.status]).toEqual([url, 400]);
    }
  });

  it('lets stale_snapshot win over a malformed Idempotency-Key and over a loosely spelled stale stamp', async () => {
    const badKey = await problemAt(
      'POST',
      `/v1/pages/${page.id}/blocks`,
      JSON.stringify({ expected_updated_at: '2020-01-01T00:00:00Z', kind: 'HEADER', data: { text: 'x' } }),
      { 'idempotency-key': '' },
    );
    expect([badKey.status, badKey.body.code]).toEqual([409, 'stale_snapshot']);
    const loose = await problemAt('PATCH', `/v1/pages/${page.id}`, JSON.stringify({ expected_updated_at: '2020-01-01', title: '' }));
    expect([loose.status, loose.body.code]).toEqual([409, 'stale_snapshot']);
  });

  it('never answers 5xx to junk bodies on the webhook operations', async () => {
    const targets: [string, string, (v: unknown) => unknown][] = [
      ['POST', '/v1/webhook-endpoints', (v) => ({ url: v, event_types: ['sale.paid'] })],
      ['POST', '/v1/webhook-endpoints', (v) => ({ url: 'https://example.com/x', event_types: v })],
      ['POST', '/v1/webhook-endpoints', (v) => ({ url: 'https://example.com/x', event_types: [v] })],
      ['PATCH', '/v1/webhook-endpoints/we_x', (v) => ({ enabled: v })],
      ['POST', '/v1/webhook-endpoints/we_x/replay', (v) => ({ since: v })],
    ];
    for (const [method, url, body] of targets) for (const v of junk) await check(method, url, body(v));
    for (const url of [
      'https://[fe80::1%25eth0]/x',
      'https://xn--/x',
      'https://ex ample.com/',
      `https://${'a'.repeat(300)}.com/`,
      'https://例え.テスト/x',
    ]) {
      await check('POST', '/v1/webhook-endpoints', { url, event_types: ['sale.paid'] });
    }
  });
});
