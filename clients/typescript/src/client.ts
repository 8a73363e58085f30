import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { type CallInfo, ConnectionError, errorFromResponse } from './errors.js';
import { Resources } from './generated/resources.js';
import type { paths } from './generated/schema.js';
import {
  type CallParams,
  type CursorPage,
  type HttpVerb,
  listPromise,
  type Requester,
  type RequestOptions,
  type ResponseMeta,
  type Result,
  withLastResponse,
} from './resource.js';
import { DEFAULT_RETRY_POLICY, delayMs, type RetryPolicy, verdictOnNetworkError, verdictOnResponse } from './retry.js';

export interface BioPageOptions {
  /** `bp_live_…` or `bp_test_…` */
  apiKey: string;
  /** the API's origin, e.g. `https://api.example.com` (default `http://127.0.0.1:3000`) */
  baseUrl?: string;
  /** retries of a call after a network error, a time-out, 408, 429 or a 5xx; default 2 */
  maxRetries?: number;
  /** @deprecated the first name of `maxRetries`: read as `maxRetries` when that is not given */
  maxNetworkRetries?: number;
  /**
   * the total time one call may wait between its attempts (back-offs, `Retry-After`, a 409 in-progress waited out);
   * an answer asking for longer is thrown at once (e.g. a `RateLimitError` with its `retryAfter`); default 60 000 ms
   */
  maxRetryWaitMs?: number;
  /** per attempt; default 60 000 ms, longer than the API's own request time-out (30 s) */
  timeoutMs?: number;
  /** a fetch implementation (default: the global one) */
  fetch?: (request: Request) => Promise<Response>;
}

/** The per-call options a path-style call accepts beside openapi-fetch's own (`params`, `body`, `headers`, `signal`). */
type CallOptions = Omit<RequestOptions, 'headers' | 'signal'>;
type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & CallOptions & { [key: string]: unknown })?]
    : [Init & CallOptions & { [key: string]: unknown }];
type Operation<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method] & Record<string | number, unknown>;
/** What a successful call returns: the typed body of the operation's 2xx response. */
export type ResponseData<Path extends keyof paths, Method extends HttpMethod, Init = object> = OrUndefined<
  NonNullable<Extract<FetchResponse<Operation<Path, Method>, Init, `${string}/${string}`>, { error?: never }>['data']>
>;
/** A response without a body (204) has no data. */
type OrUndefined<T> = [T] extends [never] ? undefined : T;
/** A path-style call resolves to the body with its `lastResponse` (and to `undefined` for a 204). */
type PathResult<T> = [T] extends [undefined] ? undefined : T & { readonly lastResponse: ResponseMeta };
type Call<Method extends HttpMethod> = <Path extends PathsWithMethod<paths, Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  path: Path,
  ...init: InitParam<Init>
) => Promise<PathResult<ResponseData<Path, Method, Init>>>;

/** GET paths that return a cursor list (`data`, `has_more`, `next_cursor`). */
export type ListPath = {
  [Path in PathsWithMethod<paths, 'get'>]: ResponseData<Path, 'get'> extends { data: unknown[]; has_more: boolean; next_cursor: unknown }
    ? Path
    : never;
}[PathsWithMethod<paths, 'get'>];
type Item<Path extends ListPath> = ResponseData<Path, 'get'> extends { data: (infer T)[] } ? T : never;

const VERSION = '1.0.0';
const METHOD = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const;
type RawCall = (path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`BioPage: ${name} must be a number >= 0 (got ${value})`);
  return value;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The problem `code` of an answer, read from a copy of its body (only for a 409, to tell in-progress from the rest). */
async function problemCode(response: Response): Promise<string | undefined> {
  if (!/json/.test(response.headers.get('content-type') ?? '')) return undefined;
  try {
    const body: unknown = await response.clone().json();
    return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/** A multipart body from an object of fields (a Blob or File as a file part, an object as JSON, the rest as text). */
function formData(body: unknown): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      form.append(name, item instanceof Blob ? item : typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  return form;
}

/**
 * The Bio-Page API client. Resource methods (`bp.pages.create(...)`, `bp.pages.list()`,
 * `bp.webhookEndpoints.rotateSecret(id)`) are generated from the OpenAPI document; beneath them, path-style calls
 * (`bp.post('/v1/pages', { body })`) take any path of the document. Both are typed from it: paths, parameters,
 * bodies and responses. A success resolves to the response body with its `lastResponse` (request id, idempotency
 * key); anything else throws a `BioPageError` subclass after the client's retries.
 *
 * ```ts
 * const bp = new BioPage({ apiKey: process.env.BIO_PAGE_API_KEY! });
 * const page = await bp.pages.create({ title: 'My links' });
 * for await (const contact of bp.contacts.list()) console.log(contact.email);
 * ```
 */
export class BioPage extends Resources {
  /** the underlying openapi-fetch client (`{ data, error, response }` results, no throwing), with the same retries */
  readonly raw: Client<paths>;
  private readonly fetchImpl: (request: Request) => Promise<Response>;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;

  constructor(options: BioPageOptions) {
    if (!options?.apiKey) throw new TypeError('BioPage: apiKey is required');
    // The generated resources call back into this client; `this` exists only after super(), so fill it in then.
    const requester = {} as Requester;
    super(requester);
    requester.call = (method, path, params, callOptions) => this.call(method, path, params, callOptions);
    requester.list = (path, params, callOptions) => this.list(path, params, callOptions);
    this.fetchImpl = options.fetch ?? ((request) => globalThis.fetch(request));
    this.policy = {
      ...DEFAULT_RETRY_POLICY,
      maxRetries: Math.floor(nonNegative('maxRetries', options.maxRetries ?? options.maxNetworkRetries, DEFAULT_RETRY_POLICY.maxRetries)),
      maxRetryWaitMs: nonNegative('maxRetryWaitMs', options.maxRetryWaitMs, DEFAULT_RETRY_POLICY.maxRetryWaitMs),
    };
    this.timeoutMs = nonNegative('timeoutMs', options.timeoutMs, 60_000);
    this.raw = createClient<paths>({
      baseUrl: (options.baseUrl ?? 'http://127.0.0.1:3000').replace(/\/$/, ''),
      headers: { authorization: `Bearer ${options.apiKey}`, 'user-agent': `bio-page-sdk-typescript/${VERSION}` },
      fetch: (request) => this.send(request, {}, { idempotencyKey: null, attempts: 0 }),
    });
  }

  readonly get: Call<'get'> = (path, ...init) => this.pathCall('get', path, init[0]);
  readonly post: Call<'post'> = (path, ...init) => this.pathCall('post', path, init[0]);
  readonly patch: Call<'patch'> = (path, ...init) => this.pathCall('patch', path, init[0]);
  readonly delete: Call<'delete'> = (path, ...init) => this.pathCall('delete', path, init[0]);

  /**
   * Uploads one file (`POST /v1/files`, scope `files:write`): PNG, JPEG, WebP, GIF or PDF, at most 10 MiB, sent as
   * `multipart/form-data`. `type` must say what the bytes are (a `Blob` or `File` carries its own); `name` becomes the
   * file's name. Returns the file; its `public_path` can be a block's `file_url` at once.
   *
   * ```ts
   * const file = await bp.upload(await fs.readFile('cover.png'), { name: 'cover.png', type: 'image/png' });
   * ```
   */
  upload(file: Blob | Uint8Array, options: { name: string; type?: string } & RequestOptions): Result<'uploadFile'> {
    const { name, type: declared, ...callOptions } = options;
    const type = declared ?? (file instanceof Blob ? file.type : '');
    const blob = file instanceof Blob && !declared ? file : new Blob([file as Uint8Array<ArrayBuffer>], { type });
    const form = new FormData();
    form.append('file', blob, name);
    // The same form on every attempt, under one Idempotency-Key: a retried upload is stored once.
    return this.call('post', '/v1/files', { body: form, multipart: true }, callOptions);
  }

  /**
   * Every item of a cursor list, page after page (it follows `next_cursor` as `after`). Pass the same options as
   * to `get` (path parameters, `limit`, filters). The resource methods' `list()` does the same.
   */
  async *paginate<Path extends ListPath>(
    path: Path,
    ...init: InitParam<MaybeOptionalInit<paths[Path], 'get'>>
  ): AsyncGenerator<Item<Path>> {
    const options = (init[0] ?? {}) as { params?: { path?: Record<string, unknown>; query?: Record<string, unknown> } } & RequestOptions;
    const { params, ...rest } = options;
    yield* this.list(path, { path: params?.path, query: params?.query }, rest) as AsyncIterable<Item<Path>>;
  }

  /** A call of a resource method: the body with `lastResponse` (only `lastResponse` for a 204). */
  private async call(method: HttpVerb, path: string, params: CallParams, options: RequestOptions = {}): Promise<never> {
    const init: Record<string, unknown> = { params: { path: params.path, query: params.query }, headers: options.headers };
    if (params.body !== undefined) init.body = params.body;
    if (params.multipart) init.bodySerializer = formData;
    if (options.signal) init.signal = options.signal;
    const { data, meta } = await this.request(method, path, init, options);
    return withLastResponse(data, meta) as never;
  }

  private list(path: string, params: CallParams, options: RequestOptions = {}): never {
    const page = (after: string | undefined) =>
      this.call('get', path, { ...params, query: { ...params.query, ...(after === undefined ? {} : { after }) } }, options) as Promise<
        CursorPage<unknown>
      >;
    return listPromise(page) as never;
  }

  /** A path-style call: openapi-fetch's options plus this client's per-call ones; `undefined` for a 204. */
  private async pathCall(method: HttpVerb, path: string, init: Record<string, unknown> | undefined): Promise<never> {
    const { idempotencyKey, timeoutMs, maxRetries, ...rest } = (init ?? {}) as Record<string, unknown> & CallOptions;
    const { data, meta } = await this.request(method, path, rest, { idempotencyKey, timeoutMs, maxRetries });
    return (data === undefined ? undefined : withLastResponse(data, meta)) as never;
  }

  /** One call through openapi-fetch, with this call's options: the body and what the answer said, or a typed error. */
  private async request(
    method: HttpVerb,
    path: string,
    init: Record<string, unknown>,
    options: RequestOptions,
  ): Promise<{ data: unknown; meta: ResponseMeta }> {
    const call: CallInfo = { idempotencyKey: null, attempts: 0 };
    let headers = init.headers;
    if (options.idempotencyKey) {
      const given = headers instanceof Headers ? Object.fromEntries(headers) : (headers as Record<string, unknown> | undefined);
      headers = { ...given, 'idempotency-key': options.idempotencyKey };
    }
    const raw = this.raw[METHOD[method]] as unknown as RawCall;
    const { data, error, response } = await raw(path, { ...init, headers, fetch: (request: Request) => this.send(request, options, call) });
    if (!response.ok) throw errorFromResponse(response, error, call);
    const requestId = response.headers.get('x-request-id');
    return {
      data,
      meta: { status: response.status, requestId, idempotencyKey: call.idempotencyKey, attempts: call.attempts, headers: response.headers },
    };
  }

  /**
   * Sends one call's attempts (ADR 0046). Every POST carries one Idempotency-Key, the caller's or a fresh one, on all
   * its attempts. A network error or time-out, 408, 429 and 5xx are retried up to `maxRetries` times, after the
   * answer's `Retry-After` or an exponential back-off with jitter; a 409 `idempotency_request_in_progress` is waited
   * out with the same key. All waits of a call together stay within `maxRetryWaitMs`: an answer asking for longer is
   * returned as it is (and thrown by the caller). The caller's signal cancels attempts and waits alike.
   */
  private async send(request: Request, options: RequestOptions, call: CallInfo): Promise<Response> {
    const method = request.method;
    if (method === 'POST' && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', crypto.randomUUID());
    const key = request.headers.get('idempotency-key');
    call.idempotencyKey = key;
    const maxRetries = options.maxRetries ?? this.policy.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const caller = request.signal;
    let retries = 0;
    let waits = 0;
    let waited = 0;
    for (;;) {
      call.attempts += 1;
      let response: Response;
      try {
        const signal = AbortSignal.any([caller, AbortSignal.timeout(timeoutMs)]);
        response = await this.fetchImpl(new Request(request.clone(), { signal }));
      } catch (error) {
        if (caller.aborted) throw caller.reason ?? error;
        const verdict = verdictOnNetworkError(method, key);
        const delay = verdict.kind === 'retry' && retries < maxRetries ? delayMs(verdict, retries, this.policy) : null;
        if (delay === null || waited + delay > this.policy.maxRetryWaitMs) {
          const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
          const why = timedOut ? `no answer within ${timeoutMs} ms` : 'no answer';
          throw new ConnectionError(`${method} ${request.url}: ${why} after ${call.attempts} attempt(s)`, key, {
            cause: error,
            attempts: call.attempts,
          });
        }
        retries += 1;
        waited += delay;
        await sleep(delay, caller);
        continue;
      }
      const code = response.status === 409 ? await problemCode(response) : undefined;
      const verdict = verdictOnResponse(response.status, response.headers, method, key, code);
      if (verdict.kind === 'done' || (verdict.kind === 'retry' && retries >= maxRetries)) return response;
      const delay = delayMs(verdict, verdict.kind === 'retry' ? retries : Math.min(waits, 3), this.policy);
      if (waited + delay > this.policy.maxRetryWaitMs) return response;
      await response.body?.cancel();
      if (verdict.kind === 'retry') retries += 1;
      else waits += 1;
      waited += delay;
      await sleep(delay, caller);
    }
  }
}
