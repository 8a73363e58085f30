export { BioPage, type BioPageOptions, type ListPath, type ResponseData } from './client.js';
export {
  ApiError,
  AuthenticationError,
  BioPageError,
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
export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEventOf } from './webhooks.js';
export type { components, paths, webhooks } from './generated/schema.js';
