/**
 * Every error code the API can return, with its HTTP status and the text of its documentation page
 * (`/docs/errors/<code-with-hyphens>`). Clients branch on `code`; `title` may change.
 */
export interface ErrorSpec {
  status: number;
  title: string;
  description: string;
  remedy: string;
}

export const ERROR_CATALOG = {
  invalid_request: {
    status: 400,
    title: 'Invalid request',
    description: 'The body, a query parameter or a path parameter failed validation, or the body is not valid JSON.',
    remedy:
      'Read the `errors` member: each entry names a JSON Pointer into the body (`pointer`) or a `parameter`, with a `detail`. ' +
      'Unknown body fields are rejected too. At most the first 100 errors are listed; an array longer than its limit is ' +
      'one error at the array.',
  },
  invalid_api_key: {
    status: 401,
    title: 'Invalid API key',
    description: 'The API key is missing, malformed, unknown, revoked or expired.',
    remedy:
      'Send a valid key as `Authorization: Bearer bp_live_…` or `x-api-key: bp_live_…`. ' +
      'Ask your operator for a new key if it was revoked or expired.',
  },
  insufficient_scope: {
    status: 403,
    title: 'Insufficient scope',
    description: 'The API key was not granted the scope this operation needs.',
    remedy: 'Use a key created with the scope named in `detail` (for example `pages:write` or `publish`).',
  },
  feature_not_enabled: {
    status: 403,
    title: 'Feature not enabled',
    description: "The workspace's plan does not include the `public_api` entitlement.",
    remedy: 'Move the workspace to the Creator or Pro plan.',
  },
  test_key_read_only: {
    status: 403,
    title: 'Test key is read-only',
    description: 'A test-mode key (`bp_test_…`) was used on an operation that changes data.',
    remedy: 'Use a live-mode key (`bp_live_…`) for writes; test keys can read the same data.',
  },
  plan_limit: {
    status: 403,
    title: 'Plan limit reached',
    description: 'The workspace already has as many custom domains as its plan allows (Creator 1, Pro 3).',
    remedy: 'Remove a custom domain you no longer need, or move the workspace to the Pro plan.',
  },
  resource_not_found: {
    status: 404,
    title: 'Resource not found',
    description: 'No resource with this identifier exists in your workspace.',
    remedy: 'Check the identifier. Identifiers of other workspaces are reported as not found.',
  },
  route_not_found: {
    status: 404,
    title: 'Route not found',
    description: 'No operation exists at this path.',
    remedy: 'Check the path against the API reference at /docs. Every API path begins with /v1.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    description: 'The path exists but does not accept this HTTP method.',
    remedy: 'Use one of the methods listed in the `Allow` response header.',
  },
  stale_snapshot: {
    status: 409,
    title: 'Stale snapshot',
    description:
      "`expected_updated_at` does not match the page's current `draft.updated_at`: someone else changed the page since you read it.",
    remedy: 'Re-read the page, re-apply your change and retry with the fresh `draft.updated_at`.',
  },
  last_block_required: {
    status: 409,
    title: 'Last block required',
    description: 'The last remaining block of a page cannot be removed.',
    remedy: 'Add another block first, or archive the page.',
  },
  page_archived: {
    status: 409,
    title: 'Page archived',
    description: 'The page is ARCHIVED: a preview link to it would only show the not-found page.',
    remedy: 'Publish the page again (it then leaves ARCHIVED), or preview another page.',
  },
  slug_taken: {
    status: 409,
    title: 'Slug taken',
    description:
      'Another page has this slug, or gave it up less than 90 days ago and it still redirects there (slugs are one ' +
      'shared address space across all workspaces).',
    remedy: 'Choose another slug. A slug your own workspace gave up can be taken back at any time.',
  },
  domain_taken: {
    status: 409,
    title: 'Domain taken',
    description: 'Another workspace has verified this hostname: a hostname is served for one workspace at most.',
    remedy:
      'Check the hostname. If the name is yours, remove the TXT record the other workspace relies on; once its domain ' +
      'stops being verified (3 days after the record goes), claim it again.',
  },
  idempotency_request_in_progress: {
    status: 409,
    title: 'Idempotent request in progress',
    description: 'A request with this `Idempotency-Key` is still being processed.',
    remedy:
      'Retry after a short wait; once the first request finishes its result is replayed. A key left in progress by a ' +
      'request that never finished is free again after the request time-out (30 s).',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    description:
      'The request (its headers and body) did not fully arrive within 30 seconds (HTTP_REQUEST_TIMEOUT_SECONDS). The connection is closed.',
    remedy: 'Send the whole request at once; check for a proxy or client that holds the body back.',
  },
  request_header_fields_too_large: {
    status: 431,
    title: 'Request header fields too large',
    description: 'The request headers exceed 16 KiB in all. The connection is closed.',
    remedy: 'Send fewer or shorter headers (a cookie jar is the usual culprit).',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    description: 'The request body exceeds 1 MiB, or the file of an upload (`POST /v1/files`) exceeds 10 MiB.',
    remedy: 'Send a smaller body or file.',
  },
  range_not_satisfiable: {
    status: 416,
    title: 'Range not satisfiable',
    description: 'A file (`/files/<id>/<name>`) was asked for with a `Range` that starts past its last byte.',
    remedy: 'Ask for a range within the size in `Content-Range` (`bytes */<size>`), or for the whole file.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    description: 'The request body is not `application/json`.',
    remedy: 'Send the body as JSON with `Content-Type: application/json`.',
  },
  endpoint_limit_reached: {
    status: 422,
    title: 'Endpoint limit reached',
    description: 'The workspace already has the maximum of 10 webhook endpoints.',
    remedy: 'Delete an endpoint you no longer need before creating another.',
  },
  endpoint_verification_failed: {
    status: 422,
    title: 'Endpoint verification failed',
    description: 'The signed `endpoint.test` event was not answered with a 2xx; `detail` names the status code or the network error.',
    remedy: 'Make the endpoint answer 2xx to a signed POST, then retry.',
  },
  storage_quota_exceeded: {
    status: 422,
    title: 'Storage quota exceeded',
    description: "The upload would take the workspace's files past its storage quota (1 GiB by default).",
    remedy: 'Files cannot be deleted through the API yet: ask your operator to remove files or raise the quota.',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key reused',
    description: 'This `Idempotency-Key` was already used, within the last 24 hours, for a request with a different method, path or body.',
    remedy: 'Use a fresh key for each distinct request; reuse a key only to retry the very same request.',
  },
  rate_limited: {
    status: 429,
    title: 'Rate limited',
    description: 'The API key exceeded its burst rate limit (the `burst` policy in `RateLimit-Policy`).',
    remedy: 'Wait the number of seconds in `Retry-After`, then retry. Spread requests out.',
  },
  quota_exhausted: {
    status: 429,
    title: 'Monthly quota exhausted',
    description: 'The workspace spent its monthly quota units (the `monthly` policy in `RateLimit-Policy`).',
    remedy: '`Retry-After` gives the seconds until the monthly window resets; or move to a larger plan.',
  },
  internal_error: {
    status: 500,
    title: 'Internal error',
    description: 'The service failed while handling the request. Nothing was stored for an idempotent retry.',
    remedy: 'Retry with the same `Idempotency-Key`. Quote the `request_id` if you contact support.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    description:
      'A dependency of the service (its database) is temporarily unavailable, the service is shedding load, or an ' +
      'operation holding an `Idempotency-Key` ran past the request time-out and was rolled back.',
    remedy: 'Retry after the number of seconds in `Retry-After`.',
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CATALOG, code);

/** `invalid_api_key` -> `invalid-api-key` (the path segment of the error's `type` URI). */
export const errorSlug = (code: string): string => code.replace(/_/g, '-');
