import type { Principal } from '../../application/authenticator.js';
import type { LimitState } from '../../../platform/rate-limit/rate-limit-headers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the access guard */
    principal?: Principal;
    /** the workspace's monthly units used, as read at admission */
    quotaUsed?: { period: string; used: number };
    /** rate-limit states reported in the RateLimit headers of this response */
    limits?: LimitState[];
    /** validated input, set by the operation interceptor */
    input?: { query?: unknown; body?: unknown };
  }
}

export {};
