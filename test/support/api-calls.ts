import { expect } from '@jest/globals';
import type { TestApp } from './test-app.js';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Anything that answers `inject` like the test app: the test app, or a second application on the same database. */
type Injects = { inject: TestApp['inject'] };

/** An API request as a client sends it: the key's headers, and a JSON body when there is one. */
export function apiCall(app: Injects, auth: Record<string, string>) {
  return (method: string, url: string, body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** The same request, which must succeed: returns the parsed body. */
export function apiOk(app: Injects, auth: Record<string, string>) {
  const call = apiCall(app, auth);
  return async (method: string, url: string, body?: unknown): Promise<Json> => {
    const res = await call(method, url, body);
    expect(res.statusCode).toBeLessThan(300);
    return res.json() as Json;
  };
}

/** A page with these blocks (added in order to its draft), published unless `publish` is false. */
export async function aLivePage(
  call: ReturnType<typeof apiOk>,
  title: string,
  blocks: object[],
  { publish = true }: { publish?: boolean } = {},
): Promise<Json> {
  let page = await call('POST', '/v1/pages', { title });
  for (const block of blocks)
    page = await call('POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: page.draft.updated_at, ...block });
  if (publish) page = (await call('POST', `/v1/pages/${page.id}/publish`, {})).page;
  return page;
}
