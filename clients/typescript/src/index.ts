export { BioPage, type BioPageOptions, type ListPath, type ResponseData } from './client.js';
export {
  ApiError,
  AuthenticationError,
  BioPageError,
  type CallInfo,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServiceUnavailableError,
  errorFromResponse,
  type Problem,
} from './errors.js';
export * from './generated/resources.js';
export type {
  Body,
  CursorPage,
  Data,
  Item,
  ListPromise,
  PathParams,
  Query,
  RequestOptions,
  ResponseMeta,
  Result,
  WithLastResponse,
  WithResponse,
} from './resource.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEventOf } from './webhooks.js';
export type { components, operations, paths, webhooks } from './generated/schema.js';
