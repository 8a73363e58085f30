import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { ConnectionError, errorFromResponse } from './errors.js';
import type { paths } from './generated/schema.js';

export interface BioPageOptions {
  /** `bp_live_…` or `bp_test_…` */
  apiKey: string;
  /** the API's origin, e.g. `https://api.example.com` (default `http://127.0.0.1:3000`) */
  baseUrl?: string;
  /** times a request that got no answer is sent again (GETs and POSTs, which carry an Idempotency-Key); default 2 */
  maxNetworkRetries?: number;
  /** per attempt; default 30 000 ms */
  timeoutMs?: number;
  /** a fetch implementation (default: the global one) */
  fetch?: (request: Request) => Promise<Response>;
}

type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];
type Operation<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method] & Record<string | number, unknown>;
/** What a successful call returns: the typed body of the operation's 2xx response. */
export type ResponseData<Path extends keyof paths, Method extends HttpMethod, Init = object> = OrUndefined<
  NonNullable<Extract<FetchResponse<Operation<Path, Method>, Init, `${string}/${string}`>, { error?: never }>['data']>
>;
/** A response without a body (204) has no data. */
type OrUndefined<T> = [T] extends [never] ? undefined : T;
type Call<Method extends HttpMethod> = <Path extends PathsWithMethod<paths, Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  path: Path,
  ...init: InitParam<Init>
) => Promise<ResponseData<Path, Method, Init>>;

/** GET paths that return a cursor list (`data`, `has_more`, `next_cursor`). */
export type ListPath = {
  [Path in PathsWithMethod<paths, 'get'>]: ResponseData<Path, 'get'> extends { data: unknown[]; has_more: boolean; next_cursor: unknown }
    ? Path
    : never;
}[PathsWithMethod<paths, 'get'>];
type Item<Path extends ListPath> = ResponseData<Path, 'get'> extends { data: (infer T)[] } ? T : never;

const VERSION = '1.0.0';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Bio-Page API client. Every method is typed from the OpenAPI document: paths, parameters, bodies and
 * responses. A success returns the response body; anything else throws a `BioPageError` subclass.
 *
 * ```ts
 * const bp = new BioPage({ apiKey: process.env.BIO_PAGE_API_KEY! });
 * const page = await bp.post('/v1/pages', { body: { title: 'My links' } });
 * for await (const contact of bp.paginate('/v1/contacts')) console.log(contact.email);
 * ```
 */
export class BioPage {
  /** the underlying openapi-fetch client (`{ data, error, response }` results, no throwing) */
  readonly raw: Client<paths>;
  private readonly fetchImpl: (request: Request) => Promise<Response>;
  private readonly maxNetworkRetries: number;
  private readonly timeoutMs: number;

  constructor(options: BioPageOptions) {
    if (!options.apiKey) throw new TypeError('BioPage: apiKey is required');
    this.fetchImpl = options.fetch ?? ((request) => globalThis.fetch(request));
    this.maxNetworkRetries = options.maxNetworkRetries ?? 2;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.raw = createClient<paths>({
      baseUrl: (options.baseUrl ?? 'http://127.0.0.1:3000').replace(/\/$/, ''),
      headers: { authorization: `Bearer ${options.apiKey}`, 'user-agent': `bio-page-sdk-typescript/${VERSION}` },
      fetch: (request) => this.send(request),
    });
    // Every POST is idempotent (IDEM): one key per call, kept across its retries, unless the caller chose one.
    this.raw.use({
      onRequest: ({ request }) => {
        if (request.method === 'POST' && !request.headers.has('idempotency-key'))
          request.headers.set('idempotency-key', crypto.randomUUID());
        return request;
      },
    });
  }

  readonly get: Call<'get'> = (path, ...init) => this.unwrap(this.raw.GET(path as never, ...(init as [never])));
  readonly post: Call<'post'> = (path, ...init) => this.unwrap(this.raw.POST(path as never, ...(init as [never])));
  readonly patch: Call<'patch'> = (path, ...init) => this.unwrap(this.raw.PATCH(path as never, ...(init as [never])));
  readonly delete: Call<'delete'> = (path, ...init) => this.unwrap(this.raw.DELETE(path as never, ...(init as [never])));

  /**
   * Uploads one file (`POST /v1/files`, scope `files:write`): PNG, JPEG, WebP, GIF or PDF, at most 10 MiB, sent as
   * `multipart/form-data`. `type` must say what the bytes are (a `Blob` or `File` carries its own); `name` becomes the
   * file's name. Returns the file; its `public_path` can be a block's `file_url` at once.
   *
   * ```ts
   * const file = await bp.upload(await fs.readFile('cover.png'), { name: 'cover.png', type: 'image/png' });
   * ```
   */
  upload(
    file: Blob | Uint8Array,
    options: { name: string; type?: string; idempotencyKey?: string },
  ): Promise<ResponseData<'/v1/files', 'post'>> {
    const type = options.type ?? (file instanceof Blob ? file.type : '') ?? '';
    const blob = file instanceof Blob && !options.type ? file : new Blob([file as Uint8Array<ArrayBuffer>], { type });
    const form = new FormData();
    form.append('file', blob, options.name);
    const headers = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {};
    return this.unwrap(this.raw.POST('/v1/files', { body: form as never, headers }));
  }

  /**
   * Every item of a cursor list, page after page (it follows `next_cursor` as `after`). Pass the same options as
   * to `get` (path parameters, `limit`, filters).
   */
  async *paginate<Path extends ListPath>(
    path: Path,
    ...init: InitParam<MaybeOptionalInit<paths[Path], 'get'>>
  ): AsyncGenerator<Item<Path>> {
    const options = (init[0] ?? {}) as { params?: { query?: Record<string, unknown> } };
    let after: string | undefined;
    for (;;) {
      const query = { ...options.params?.query, ...(after === undefined ? {} : { after }) };
      const page = (await this.get(path as never, { ...options, params: { ...options.params, query } } as never)) as unknown as {
        data: Item<Path>[];
        has_more: boolean;
        next_cursor: string | null;
      };
      yield* page.data;
      if (!page.has_more || !page.next_cursor) return;
      after = page.next_cursor;
    }
  }

  private async unwrap(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<never> {
    const { data, error, response } = await call;
    if (!response.ok) throw errorFromResponse(response, error);
    return data as never;
  }

  /**
   * Sends one request. A request that got no answer (refused, reset, timed out) is sent again, with the same
   * Idempotency-Key, when that is safe: GETs, and POSTs (all carry a key). PATCH and DELETE are not retried.
   */
  private async send(request: Request): Promise<Response> {
    const retriable = request.method === 'GET' || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt += 1) {
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(this.timeoutMs)]);
      try {
        return await this.fetchImpl(new Request(request.clone(), { signal }));
      } catch (error) {
        if (request.signal.aborted) throw error; // the caller gave up
        if (!retriable || attempt >= this.maxNetworkRetries) {
          const key = request.headers.get('idempotency-key');
          const tries = attempt + 1;
          throw new ConnectionError(`${request.method} ${request.url}: no answer after ${tries} attempt(s)`, key, { cause: error });
        }
        await sleep(Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2));
      }
    }
  }
}
