/**
 * The types and the runtime the generated resource classes (`generated/resources.ts`) are written against: one
 * `Requester` (the client), the per-call options, and the shapes of results (`lastResponse`) and lists (a promise of
 * the first page that is also an async iterator over every item).
 */
import type { operations } from './generated/schema.js';

/** Options of one call; each overrides the client's for this call only. */
export interface RequestOptions {
  /** the Idempotency-Key to send (a POST gets a fresh one when you give none); reuse it to get the same outcome */
  idempotencyKey?: string;
  /** per attempt, in ms (default: the client's `timeoutMs`) */
  timeoutMs?: number;
  /** cancels the call, its retries and waits included: it rejects with the signal's reason */
  signal?: AbortSignal;
  /** retries after a failure (default: the client's `maxRetries`); 0 turns retries off for this call */
  maxRetries?: number;
  /** extra request headers */
  headers?: Record<string, string>;
}

/** What a response said besides its body (stripe-node's `lastResponse`). */
export interface ResponseMeta {
  status: number;
  /** the `X-Request-Id` of the answer: quote it to support */
  requestId: string | null;
  /** the Idempotency-Key every attempt of the call carried (every POST has one), or null */
  idempotencyKey: string | null;
  /** attempts made, retries included */
  attempts: number;
  headers: Headers;
}

/** A result carries its response's metadata in the non-enumerable `lastResponse` (not serialized, not compared). */
export interface WithLastResponse {
  readonly lastResponse: ResponseMeta;
}

/** What a call resolves to: the body with `lastResponse`, or, for an answer without a body (204), `lastResponse` only. */
export type WithResponse<T> = [T] extends [undefined] ? WithLastResponse : T & WithLastResponse;

/**
 * Attaches `lastResponse` to a result (to an object made for it when the answer had no body). A body that is not an
 * object (no operation returns one today) is returned as it is: there is nothing to attach it to.
 */
export function withLastResponse<T>(data: T, meta: ResponseMeta): WithResponse<T> {
  if (data !== undefined && (data === null || typeof data !== 'object')) return data as WithResponse<T>;
  const target = (data ?? {}) as object;
  Object.defineProperty(target, 'lastResponse', { value: meta, enumerable: false, writable: false, configurable: true });
  return target as WithResponse<T>;
}

type OperationId = keyof operations;
type Responses<Id extends OperationId> = operations[Id]['responses'];
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Multipart<R> = R extends { content: { 'multipart/form-data': infer B } } ? B | FormData : never;

/** The path parameters of an operation. */
export type PathParams<Id extends OperationId> = operations[Id]['parameters'] extends { path: infer P } ? P : never;
/** The query parameters of an operation. */
export type Query<Id extends OperationId> = NonNullable<operations[Id]['parameters']['query']>;
/** The request body of an operation: its JSON body, or a multipart one (an object of fields, or a `FormData`). */
export type Body<Id extends OperationId> =
  NonNullable<operations[Id]['requestBody']> extends infer R ? ([Json<R>] extends [undefined] ? Multipart<R> : Json<R>) : never;
/** The body of an operation's success. */
export type Data<Id extends OperationId> = Json<Responses<Id>[Extract<keyof Responses<Id>, SuccessStatus>]>;
/** What an operation's method resolves to. */
export type Result<Id extends OperationId> = Promise<WithResponse<Data<Id>>>;
/** An item of a cursor list operation. */
export type Item<Id extends OperationId> = Data<Id> extends { data: (infer T)[] } ? T : never;

/** A cursor page: the first `data`, and whether and where to go on. */
export interface CursorPage<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * What a list method returns: await it for the first page (with `lastResponse`), or iterate it with `for await` to
 * get every item, page after page (it follows `next_cursor` as `after`, keeping your other query parameters).
 */
export type ListPromise<Id extends OperationId> = Promise<WithResponse<Data<Id>>> & AsyncIterable<Item<Id>>;

/** A list call: the first page now, and the pages after it on demand. */
export function listPromise<Page extends CursorPage<unknown>>(
  fetchPage: (after: string | undefined) => Promise<Page>,
): Promise<Page> & AsyncIterable<Page['data'][number]> {
  const first = fetchPage(undefined);
  return Object.assign(first, {
    async *[Symbol.asyncIterator]() {
      let page = await first;
      for (;;) {
        yield* page.data;
        if (!page.has_more || !page.next_cursor) return;
        page = await fetchPage(page.next_cursor);
      }
    },
  });
}

/** What the client gives the resource classes: one call, and one list. */
export interface Requester {
  call(method: HttpVerb, path: string, params: CallParams, options?: RequestOptions): Promise<never>;
  list(path: string, params: CallParams, options?: RequestOptions): never;
}

export type HttpVerb = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** The parts of a request, as the generated methods pass them. */
export interface CallParams {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** the body is sent as multipart/form-data */
  multipart?: boolean;
}
