import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { aTenant } from '../../factories/access.factory.js';
import { apiCall } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Auth = Record<string, string>;
type FieldError = { pointer?: string; parameter?: string; detail: string };

/**
 * A body is answered with every error it holds at once, and a required field left out is "is required" at its
 * pointer (issue 39, item 5; docs/adr/0071), while a stale stamp still wins over the rest (decisions.md).
 */
describe('every error of a body at once', () => {
  let t: TestApp;
  let auth: Auth;
  let page: { id: string; draft: { updated_at: string } };

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
    ({ auth } = await aTenant(t.commands));
    page = (await send('POST', '/v1/pages', { title: 'Every error' })).json();
  });
  afterAll(() => t.close());

  /** A client's request; `headers` adds to the key's (an `Idempotency-Key`). */
  const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    apiCall(t, { ...auth, ...headers })(method, url, body);

  /** The errors of a 400 invalid_request problem. */
  function errorsOf(res: LightMyRequestResponse): FieldError[] {
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json().code).toBe('invalid_request');
    return res.json().errors;
  }

  const badLinkData = { url: 'not a url', title: 5 };

  it('lists a missing stamp as "is required" together with the two errors of the block data', async () => {
    const res = await send('POST', `/v1/pages/${page.id}/blocks`, { kind: 'LINK', data: badLinkData });
    expect(errorsOf(res)).toEqual([
      { pointer: '/expected_updated_at', detail: 'expected_updated_at is required' },
      { pointer: '/data/url', detail: expect.stringMatching(/^url must be an absolute http or https URL/) },
      { pointer: '/data/title', detail: 'title must be a string' },
    ]);
  });

  it('still answers 409 stale_snapshot when the stamp is there and stale, whatever else is wrong', async () => {
    const res = await send('POST', `/v1/pages/${page.id}/blocks`, {
      expected_updated_at: '2020-01-01T00:00:00Z',
      kind: 'LINK',
      data: badLinkData,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('stale_snapshot');
  });

  it('lists the data errors with a malformed stamp, and the file_url a kind needs', async () => {
    expect(
      errorsOf(await send('POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: 'yesterday', kind: 'IMAGE', data: { alt: 5 } })),
    ).toEqual([
      { pointer: '/expected_updated_at', detail: expect.stringMatching(/must be an RFC 3339 date-time with an offset/) },
      { pointer: '/file_url', detail: expect.stringMatching(/^file_url is required for IMAGE blocks/) },
      { pointer: '/data/alt', detail: 'alt must be a string' },
    ]);
  });

  it('lists a missing stamp with the bad page fields of an update, and nothing changes', async () => {
    const res = await send('PATCH', `/v1/pages/${page.id}`, { title: ' ', theme_preset_key: 'neon', slug: 'No Caps' });
    expect(errorsOf(res)).toEqual([
      { pointer: '/expected_updated_at', detail: 'expected_updated_at is required' },
      { pointer: '/title', detail: expect.stringMatching(/^title must be 1 to 120 characters/) },
      { pointer: '/theme_preset_key', detail: expect.stringMatching(/^theme_preset_key must be one of/) },
      { pointer: '/slug', detail: expect.any(String) },
    ]);
    expect((await send('GET', `/v1/pages/${page.id}`)).json()).toMatchObject({ title: 'Every error', draft: page.draft });
  });

  it('names a missing stamp in the query of removeBlock as a required parameter', async () => {
    expect(errorsOf(await send('DELETE', `/v1/pages/${page.id}/blocks/blk_x`))).toEqual([
      { parameter: 'expected_updated_at', detail: 'expected_updated_at is required' },
    ]);
  });

  it('lists every bad field of a page creation', async () => {
    expect(errorsOf(await send('POST', '/v1/pages', { title: '', locale: 'english!', slug: 'A' }))).toEqual([
      { pointer: '/title', detail: expect.stringMatching(/^title must be 1 to 120 characters/) },
      { pointer: '/locale', detail: expect.stringMatching(/^locale must be a BCP 47 language tag/) },
      { pointer: '/slug', detail: expect.any(String) },
    ]);
    expect(errorsOf(await send('POST', '/v1/pages', {}))).toEqual([{ pointer: '/title', detail: 'title is required' }]);
  });

  it("lists a webhook endpoint's bad URL, unknown event type and malformed secret together", async () => {
    const res = await send('POST', '/v1/webhook-endpoints', {
      url: 'http://hooks.example.com/in',
      event_types: ['page.published', 'page.exploded'],
      secret: 'whsec_short',
    });
    expect(errorsOf(res)).toEqual([
      { pointer: '/url', detail: 'url must use https' },
      { pointer: '/event_types/1', detail: expect.stringMatching(/^event type must be one of/) },
      { pointer: '/secret', detail: expect.stringMatching(/^secret must be whsec_/) },
    ]);
    expect(errorsOf(await send('POST', '/v1/webhook-endpoints', { secret: 'nope' }))).toEqual([
      { pointer: '/url', detail: 'url is required' },
      { pointer: '/event_types', detail: 'event_types is required' },
      { pointer: '/secret', detail: expect.stringMatching(/^secret must be whsec_/) },
    ]);
  });

  it('keeps the merged list within 100 errors, the missing stamp first', async () => {
    const data = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`x${i}`, i]));
    const res = await send('POST', `/v1/pages/${page.id}/blocks`, { kind: 'TEXT', data });
    const errors = errorsOf(res);
    expect(errors).toHaveLength(100);
    expect(errors[0]).toEqual({ pointer: '/expected_updated_at', detail: 'expected_updated_at is required' });
    expect(errors[1]).toEqual({ pointer: '/data/x0', detail: 'unknown field "x0"' });
  });

  it('refuses bad block data before the Idempotency-Key is claimed: the corrected body is a fresh request', async () => {
    const key = { 'idempotency-key': 'every-error-1' };
    const stamp = (await send('GET', `/v1/pages/${page.id}`)).json().draft.updated_at;
    const bad = await send('POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: stamp, kind: 'LINK', data: badLinkData }, key);
    expect(errorsOf(bad)).toHaveLength(2);
    const good = await send(
      'POST',
      `/v1/pages/${page.id}/blocks`,
      { expected_updated_at: stamp, kind: 'LINK', data: { url: 'https://example.com', title: 'Hi' } },
      key,
    );
    expect(good.statusCode).toBe(200);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });
});
