/**
 * Compile-time tests of the SDK's types, checked by `npm run lint` (lint:types, `tsc --strict`). Nothing here runs:
 * each `@ts-expect-error` fails the typecheck if the line below it ever compiles, so a document or generator change
 * that loosens the types (a LINK with TEXT data accepted, a path parameter made optional) is caught in CI.
 */
import {
  BioPage,
  ConnectionError,
  RateLimitError,
  verifyWebhook,
  type ResponseData,
  type WebhookEventOf,
} from '../../clients/typescript/src/index.js';

declare const bp: BioPage;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;

export async function blocks(pageId: string, stamp: string) {
  const path = { params: { path: { page_id: pageId } } };
  await bp.post('/v1/pages/{page_id}/blocks', {
    ...path,
    body: { expected_updated_at: stamp, kind: 'LINK', data: { url: 'https://x.y', title: 't' } },
  });
  await bp.post('/v1/pages/{page_id}/blocks', { ...path, body: { expected_updated_at: stamp, kind: 'TEXT', data: { text: 'Hello' } } });
  // @ts-expect-error a LINK block with a TEXT block's data
  await bp.post('/v1/pages/{page_id}/blocks', { ...path, body: { expected_updated_at: stamp, kind: 'LINK', data: { text: 'Hello' } } });
  // @ts-expect-error a kind that does not exist
  await bp.post('/v1/pages/{page_id}/blocks', { ...path, body: { expected_updated_at: stamp, kind: 'POLL', data: {} } });
  // @ts-expect-error a file kind needs its file_url
  await bp.post('/v1/pages/{page_id}/blocks', { ...path, body: { expected_updated_at: stamp, kind: 'IMAGE' } });
  // @ts-expect-error the optimistic-concurrency stamp is required
  await bp.post('/v1/pages/{page_id}/blocks', { ...path, body: { kind: 'TEXT', data: { text: 'Hello' } } });
}

export async function callsAndResults(pageId: string) {
  const page = await bp.get('/v1/pages/{page_id}', { params: { path: { page_id: pageId } } });
  assert<Equal<typeof page.id, string>>();
  assert<Equal<typeof page.status, 'DRAFT' | 'PUBLISHED' | 'ARCHIVED'>>();
  const list = await bp.get('/v1/pages', { params: { query: { limit: 10 } } });
  assert<Equal<typeof list.has_more, boolean>>();
  // @ts-expect-error the path parameter is required
  await bp.get('/v1/pages/{page_id}', {});
  // @ts-expect-error limit is an integer, not a string
  await bp.get('/v1/pages', { params: { query: { limit: '10' } } });
  // @ts-expect-error a path the API does not have
  await bp.get('/v1/pagez');
  // @ts-expect-error no PUT on pages: merge-patch is PATCH
  await bp.post('/v1/pages/{page_id}', { params: { path: { page_id: pageId } } });
  // A 204 has no body.
  const deleted = await bp.delete('/v1/webhook-endpoints/{endpoint_id}', { params: { path: { endpoint_id: 'we_1' } } });
  assert<Equal<typeof deleted, undefined>>();
}

export async function iteration() {
  for await (const contact of bp.paginate('/v1/contacts', { params: { query: { limit: 100 } } })) {
    assert<Equal<typeof contact.email, string>>();
  }
  // @ts-expect-error only cursor lists can be iterated
  bp.paginate('/v1/analytics/summary');
}

export function webhooks(secret: string, body: string, headers: Headers) {
  const event = verifyWebhook(secret, body, headers);
  if (event.type === 'page.published') assert<Equal<typeof event, WebhookEventOf<'page.published'>>>();
  // @ts-expect-error an event type the service never sends
  if (event.type === 'page.deleted') return;
  type Created = ResponseData<'/v1/pages', 'post'>;
  assert<Equal<Created['public_url'], string | null>>();
}

/** The README's examples, through the resource methods generated from the document. */
export async function resourceMethods(endpointId: string) {
  const page = await bp.pages.create({ title: 'My links' });
  assert<Equal<typeof page.id, string>>();
  assert<Equal<typeof page.lastResponse.requestId, string | null>>();
  assert<Equal<typeof page.lastResponse.idempotencyKey, string | null>>();
  const updated = await bp.pages.addBlock(page.id, {
    expected_updated_at: page.draft.updated_at,
    kind: 'LINK',
    data: { url: 'https://example.com', title: 'Site' },
  });
  assert<Equal<typeof updated.draft.block_count, number>>();
  // @ts-expect-error a LINK block with a TEXT block's data
  await bp.pages.addBlock(page.id, { expected_updated_at: page.draft.updated_at, kind: 'LINK', data: { text: 'Hello' } });
  // @ts-expect-error the optimistic-concurrency stamp is required
  await bp.pages.addBlock(page.id, { kind: 'TEXT', data: { text: 'Hello' } });
  // @ts-expect-error the page id is required
  await bp.pages.get();
  await bp.pages.publish(page.id);
  await bp.pages.publish(page.id, { starts_at: '2026-12-01T09:00:00Z' }, { idempotencyKey: 'publish-pg_1-december' });
  await bp.pages.publish(page.id, { expected_updated_at: page.draft.updated_at });
  assert<Equal<typeof page.scheduled_for, string | null>>();
  const unscheduled = await bp.pages.cancelSchedule(page.id, { idempotencyKey: 'cancel-pg_1-december' });
  assert<Equal<typeof unscheduled.scheduled_for, string | null>>();
  // @ts-expect-error a DELETE of a block needs the stamp in its query
  await bp.pages.removeBlock(page.id, 'blk_1');
  await bp.pages.removeBlock(page.id, 'blk_1', { expected_updated_at: page.draft.updated_at });

  // Lists: await the first page, or iterate every item.
  const first = await bp.pages.list({ limit: 10 });
  assert<Equal<typeof first.has_more, boolean>>();
  assert<Equal<(typeof first.data)[number]['scheduled_for'], string | null>>();
  for await (const contact of bp.contacts.list({ limit: 100 })) assert<Equal<typeof contact.email, string>>();
  // @ts-expect-error limit is an integer, not a string
  bp.pages.list({ limit: '10' });

  // Webhook endpoints: the secret is returned once, on create and rotation.
  const endpoint = await bp.webhookEndpoints.create({ url: 'https://example.com/hooks', event_types: ['page.published'] });
  assert<Equal<typeof endpoint.secret, string>>();
  // A receiver configured beforehand: the endpoint is created (or its secret rotated) with the secret it knows.
  await bp.webhookEndpoints.create({ url: 'https://example.com/hooks', event_types: ['page.published'], secret: 'whsec_…' });
  const rotated = await bp.webhookEndpoints.rotateSecret(endpointId, {}, { timeoutMs: 10_000, signal: AbortSignal.timeout(30_000) });
  assert<Equal<typeof rotated.secret, string>>();
  await bp.webhookEndpoints.rotateSecret(endpointId, { secret: 'whsec_…' });
  await bp.webhookEndpoints.rotateSecret(endpointId);
  // @ts-expect-error request options go third, after the (optional) body
  await bp.webhookEndpoints.rotateSecret(endpointId, { timeoutMs: 10_000 });
  // A 204 resolves to its lastResponse only.
  const deleted = await bp.webhookEndpoints.delete(endpointId);
  assert<Equal<keyof typeof deleted, 'lastResponse'>>();
  // @ts-expect-error an option the client does not have
  await bp.webhookEndpoints.get(endpointId, { retries: 3 });
  await bp.pages.publish(
    page.id,
    {},
    {
      idempotencyKey: `publish-${page.id}-v3`,
      timeoutMs: 10_000,
      signal: AbortSignal.timeout(30_000),
      maxRetries: 0,
      headers: { 'x-trace-id': 't' },
    },
  );
  await bp.pages.update(page.id, { expected_updated_at: page.draft.updated_at, title: 'New title' });
  // Path-style calls take the same per-call options beside params and body.
  const same = await bp.get('/v1/pages/{page_id}', { params: { path: { page_id: page.id } }, timeoutMs: 5_000, maxRetries: 1 });
  assert<Equal<typeof same.lastResponse.attempts, number>>();
  await bp.post('/v1/pages', { body: { title: 'x' }, idempotencyKey: 'create-x' });
  const client = new BioPage({ apiKey: 'bp_test_x', maxRetries: 2, maxRetryWaitMs: 60_000, timeoutMs: 60_000 });
  // @ts-expect-error the API key is required
  const keyless = new BioPage({ baseUrl: 'https://api.example.com' });
  return [client, keyless];
}

export async function errors() {
  try {
    await bp.pages.create({ title: 'x' });
  } catch (error) {
    if (error instanceof RateLimitError) {
      assert<Equal<typeof error.retryAfter, number | null>>();
      assert<Equal<typeof error.idempotencyKey, string | null>>();
      assert<Equal<typeof error.requestId, string | null>>();
    }
    if (error instanceof ConnectionError) assert<Equal<typeof error.idempotencyKey, string | null>>();
  }
}
