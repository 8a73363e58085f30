import type { components } from './generated/schema.js';

/** The problem+json body of an API error (RFC 9457). `code` is open: codes may be added within 1.x. */
export type Problem = components['schemas']['Problem'];

/**
 * An error the API answered: `status`, the `code` to branch on, and the `requestId` to quote to support (the
 * `X-Request-Id` header). Subclasses let callers catch by kind; an unknown code is still a `BioPageError`.
 */
export class BioPageError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | null;
  readonly detail: string | undefined;
  /** the whole problem body (with `errors[]` pointers on a 400) */
  readonly problem: Problem | undefined;
  readonly headers: Headers;

  constructor(status: number, problem: Problem | undefined, headers: Headers) {
    const code = problem?.code ?? `http_${status}`;
    super(`${status} ${code}${problem?.detail ? `: ${problem.detail}` : ''}`);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.requestId = problem?.request_id ?? headers.get('x-request-id');
    this.detail = problem?.detail;
    this.problem = problem;
    this.headers = headers;
  }
}

/** Seconds from `Retry-After` (integer seconds or an HTTP date), or null. */
function retryAfterOf(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (value === null) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** An error that says when to try again (`Retry-After`, in seconds, or null when the API did not say). */
abstract class RetryableError extends BioPageError {
  readonly retryAfter: number | null;
  constructor(status: number, problem: Problem | undefined, headers: Headers) {
    super(status, problem, headers);
    this.retryAfter = retryAfterOf(headers);
  }
}

/** 400 `invalid_request`: see `problem.errors` for each field. */
export class InvalidRequestError extends BioPageError {}
/** 401 `invalid_api_key`. */
export class AuthenticationError extends BioPageError {}
/** 403: `insufficient_scope`, `test_key_read_only`, `feature_not_enabled`. */
export class PermissionError extends BioPageError {}
/** 404 `resource_not_found` (or `route_not_found`). */
export class NotFoundError extends BioPageError {}
/**
 * 409: `stale_snapshot` (read the page again and retry with its `draft.updated_at`), `last_block_required`,
 * `page_archived` (no preview link for an archived page), `slug_taken` (another page has the slug, or gave it up less
 * than 90 days ago: choose another), or `idempotency_request_in_progress` (the same key is running: retry after
 * `retryAfter`).
 */
export class ConflictError extends RetryableError {}
/** 429: `rate_limited` (burst) or `quota_exhausted` (monthly units). */
export class RateLimitError extends RetryableError {}
/** 503 `service_unavailable`: retry after `retryAfter`. */
export class ServiceUnavailableError extends RetryableError {}
/** Any other API error (413, 415, 422 `idempotency_key_reused`, 500, …). */
export class ApiError extends BioPageError {}

/** The request never got an answer (connection refused or reset, timeout), after the retries the client allows. */
export class ConnectionError extends Error {
  constructor(
    message: string,
    /** the Idempotency-Key sent, if any: retrying with it is safe */
    readonly idempotencyKey: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ConnectionError';
  }
}

const BY_STATUS: Record<number, new (status: number, problem: Problem | undefined, headers: Headers) => BioPageError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/** The typed error for an API answer that is not a success. */
export function errorFromResponse(response: Response, body: unknown): BioPageError {
  const problem = body && typeof body === 'object' && 'code' in body ? (body as Problem) : undefined;
  const Kind = BY_STATUS[response.status] ?? ApiError;
  return new Kind(response.status, problem, response.headers);
}
