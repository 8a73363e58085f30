// The MCP server's only way to the service: the public API over HTTP, with the key from the environment.

export interface ApiRequest {
  method: string;
  /** path and query string, e.g. `/v1/pages?limit=10` */
  path: string;
  headers?: Record<string, string>;
  /** sent as JSON when present */
  body?: unknown;
}

export interface ApiResponse {
  status: number;
  /** the parsed JSON body, the raw text when it is not JSON, or undefined when empty */
  body: unknown;
  headers: Headers;
}

/** The API could not be reached, or did not answer in time. */
export class ApiUnreachableError extends Error {}

const TIMEOUT_MS = 60_000;

export class ApiClient {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly key: string,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  async send(request: ApiRequest): Promise<ApiResponse> {
    const url = this.base + request.path;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'bio-page-mcp', ...request.headers };
    headers.authorization = `Bearer ${this.key}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (err) {
      throw new ApiUnreachableError(`${request.method} ${url} failed: ${reason(err)}`);
    }
    return { status: response.status, body: parse(text), headers: response.headers };
  }
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** fetch's own message is only "fetch failed"; the cause says what happened (ECONNREFUSED, a DNS failure, a time-out). */
function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = err.cause as { code?: string; message?: string } | undefined;
  return cause?.message || cause?.code || err.message;
}
