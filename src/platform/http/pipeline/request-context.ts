import type { LimitState } from '../../rate-limit/rate-limit-headers.js';
import type { Caller, QuotaAllowance, RequestPrincipal } from './access-control.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the operation guard */
    principal?: RequestPrincipal;
    /** what is known of the caller, also when access was refused (the request's log line) */
    caller?: Caller;
    /** the workspace's monthly quota, as read at admission */
    quota?: QuotaAllowance;
    /** rate-limit states reported in the RateLimit headers of this response */
    limits?: LimitState[];
    /** validated input, set by the operation interceptor; controllers read it through @Input() */
    input?: { query?: unknown; body?: unknown };
  }
}
