import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { aTenant } from '../../factories/access.factory.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Auth = Record<string, string>;
const KIB = 1024;

/**
 * A body can hold hundreds of thousands of mistakes in its 1 MiB; the answer lists at most 100 of them (the
 * first found), in at most 64 KiB, and an array longer than its limit is one error without its elements
 * being looked at (decisions.md, "No request, page or tenant can take the process's memory").
 */
describe('validation is bounded', () => {
  let t: TestApp;
  let auth: Auth;
  let page: { id: string; draft: { updated_at: string } };

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
    ({ auth } = await aTenant(t.commands));
    page = (await send('POST', '/v1/pages', { title: 'Bounds' })).json();
  });
  afterAll(() => t.close());

  function send(method: string, url: string, body: unknown): Promise<LightMyRequestResponse> {
    return t.inject({
      method: method as 'POST',
      url,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }
  const patch = (extra: object) => send('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, ...extra });

  /** A 400 invalid_request of at most 64 KiB and 100 errors; returns its errors. */
  function bounded(res: LightMyRequestResponse): { pointer?: string; parameter?: string; detail: string }[] {
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.rawPayload.length).toBeLessThanOrEqual(64 * KIB);
    const body = res.json();
    expect(body.code).toBe('invalid_request');
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.errors.length).toBeLessThanOrEqual(100);
    return body.errors;
  }

  it('answers 200,000 empty block updates with one error at /block_updates', async () => {
    const res = await patch({ block_updates: Array.from({ length: 200_000 }, () => ({})) });
    expect(bounded(res)).toEqual([{ pointer: '/block_updates', detail: 'block_updates must contain no more than 100 elements' }]);
  });

  it('answers 5,000 block updates with one bad field each with one error at the array, not 5,000', async () => {
    const res = await patch({ block_updates: Array.from({ length: 5_000 }, (_, i) => ({ block_id: i })) });
    expect(bounded(res)).toEqual([{ pointer: '/block_updates', detail: expect.stringMatching(/no more than 100/) }]);
  });

  it('lists the first 100 of 100 updates × 50 mistakes each, in order', async () => {
    const update = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`x${i}`, 1]));
    const errors = bounded(await patch({ block_updates: Array.from({ length: 100 }, () => ({ block_id: 'b', ...update })) }));
    expect(errors).toHaveLength(100);
    expect(errors[0]).toEqual({ pointer: '/block_updates/0/x0', detail: 'unknown field "x0"' });
    expect(errors[99]!.pointer).toMatch(/^\/block_updates\/1\//);
  });

  it('gives an over-long block_order one error at its pointer', async () => {
    const res = await patch({ block_order: Array.from({ length: 200_000 }, () => 7) });
    expect(bounded(res)).toEqual([{ pointer: '/block_order', detail: 'block_order must contain no more than 100 elements' }]);
  });

  it('gives an over-long event_types one error at its pointer', async () => {
    const res = await send('POST', '/v1/webhook-endpoints', {
      url: 'https://hooks.example.com/x',
      event_types: Array.from({ length: 100_000 }, () => ({})),
    });
    expect(bounded(res)).toEqual([{ pointer: '/event_types', detail: 'event_types must contain no more than 20 elements' }]);
  });

  it('stops at 100 of 60,000 unknown top-level fields', async () => {
    const body = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`f${i}`, 0]));
    const errors = bounded(await send('POST', '/v1/pages', { title: 'x', ...body }));
    expect(errors).toHaveLength(100);
    expect(errors[0]).toEqual({ pointer: '/f0', detail: 'unknown field "f0"' });
  });

  it('keeps the body within 64 KiB when the fields themselves are huge, as valid JSON', async () => {
    const long = (i: number) => `${i}${'k'.repeat(20_000)}`;
    const body = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [long(i), 0]));
    const errors = bounded(await send('POST', '/v1/pages', { title: 'x', ...body }));
    expect(errors[0]!.pointer!.startsWith('/0kkk')).toBe(true);
    expect(errors[0]!.detail.length).toBeLessThan(200);
  });

  it('stops at 100 of 10,000 unknown fields in a block’s data (the domain’s own check)', async () => {
    let fresh = (
      await send('POST', `/v1/pages/${page.id}/blocks`, {
        expected_updated_at: page.draft.updated_at,
        kind: 'LINK',
        data: { url: 'https://example.com', title: 'A link' },
      })
    ).json();
    const block = fresh.draft.blocks.find((b: { kind: string }) => b.kind === 'LINK');
    const data = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`d${i}`, 1]));
    const res = await send('PATCH', `/v1/pages/${page.id}`, {
      expected_updated_at: fresh.draft.updated_at,
      block_updates: [{ block_id: block.id, data }],
    });
    const errors = bounded(res);
    expect(errors).toHaveLength(100);
    expect(errors[0]!.pointer).toBe('/block_updates/0/data/d0');
    fresh = (await t.inject({ method: 'GET', url: `/v1/pages/${page.id}`, headers: auth })).json();
    page = fresh;
  });
});
