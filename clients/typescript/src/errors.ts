import type { components } from './generated/schema.js';
import { retryAfterMs } from './retry.js';

/** The problem+json body of an API error (RFC 9457). `code` is open: codes may be added within 1.x. */
export type Problem = components['schemas']['Problem'];

/** What the client knows of a call besides the answer: the key it sent and how many attempts it made. */
export interface CallInfo {
  /** the Idempotency-Key sent with every attempt of the call (every POST has one), or null */
  idempotencyKey: string | null;
  /** attempts made, retries included */
  attempts: number;
}

/**
 * An error the API answered: `status`, the `code` to branch on, the `requestId` to quote to support (the
 * `X-Request-Id` header) and the `idempotencyKey` the call was sent with (send it again to get the same outcome).
 * Subclasses let callers catch by kind; an unknown code is still a `BioPageError`. It is thrown after the client's
 * retries: `attempts` says how many were made.
 */
export class BioPageError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | null;
  readonly idempotencyKey: string | null;
  readonly attempts: number;
  readonly detail: string | undefined;
  /** the whole problem body (with `errors[]` pointers on a 400) */
  readonly problem: Problem | undefined;
  readonly headers: Headers;

  constructor(status: number, problem: Problem | undefined, headers: Headers, call: CallInfo = { idempotencyKey: null, attempts: 1 }) {
    const code = problem?.code ?? `http_${status}`;
    super(`${status} ${code}${problem?.detail ? `: ${problem.detail}` : ''}`);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.requestId = problem?.request_id ?? headers.get('x-request-id');
    this.idempotencyKey = call.idempotencyKey;
    this.attempts = call.attempts;
    this.detail = problem?.detail;
    this.problem = problem;
    this.headers = headers;
  }
}

/** An error that says when to try again (`Retry-After`, in seconds, or null when the API did not say). */
abstract class RetryableError extends BioPageError {
  readonly retryAfter: number | null;
  constructor(status: number, problem: Problem | undefined, headers: Headers, call?: CallInfo) {
    super(status, problem, headers, call);
    const after = retryAfterMs(headers.get('retry-after'));
    this.retryAfter = after === null ? null : Math.ceil(after / 1000);
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
 * than 90 days ago: choose another), or `idempotency_request_in_progress` (the same key was still running after the
 * client's waiting budget: send the call again later with the same `idempotencyKey`).
 */
export class ConflictError extends RetryableError {}
/** 429: `rate_limited` (burst) or `quota_exhausted` (monthly units). */
export class RateLimitError extends RetryableError {}
/** 503 `service_unavailable`: retry after `retryAfter`. */
export class ServiceUnavailableError extends RetryableError {}
/** Any other API error (413, 415, 422 `idempotency_key_reused`, 500, …). */
export class ApiError extends BioPageError {}

/**
 * The request never got an answer (connection refused or reset, time-out), after the retries the client allows.
 * `requestId` is null: no answer, no id. The work may have been done: send the call again with `idempotencyKey`.
 */
export class ConnectionError extends Error {
  readonly requestId: null = null;
  readonly attempts: number;
  constructor(
    message: string,
    /** the Idempotency-Key sent, if any: retrying with it is safe */
    readonly idempotencyKey: string | null,
    options?: { cause?: unknown; attempts?: number },
  ) {
    super(message, options);
    this.name = 'ConnectionError';
    this.attempts = options?.attempts ?? 1;
  }
}

const BY_STATUS: Record<number, new (status: number, problem: Problem | undefined, headers: Headers, call?: CallInfo) => BioPageError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/** The typed error for an API answer that is not a success. */
export function errorFromResponse(response: Response, body: unknown, call?: CallInfo): BioPageError {
  const problem = body && typeof body === 'object' && 'code' in body ? (body as Problem) : undefined;
  const Kind = BY_STATUS[response.status] ?? ApiError;
  return new Kind(response.status, problem, response.headers, call);
}
