import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOG, errorSlug, type ErrorCode } from '../errors/error-catalog.js';
import type { FieldError } from '../domain/domain-error.js';

/** An error raised by the HTTP layer itself (route, method, media type, limits) or by the access checks. */
export class HttpProblem extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: FieldError[],
  ) {
    super(detail ?? ERROR_CATALOG[code].title);
    this.name = 'HttpProblem';
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  instance: string;
  code: string;
  request_id: string;
  detail?: string;
  errors?: FieldError[];
}

export function problemBody(docsUrl: string, requestId: string, code: ErrorCode, detail?: string, errors?: FieldError[]): ProblemBody {
  const spec = ERROR_CATALOG[code];
  return {
    type: `${docsUrl}/errors/${errorSlug(code)}`,
    title: spec.title,
    status: spec.status,
    instance: `urn:request:${requestId}`,
    code,
    request_id: requestId,
    ...(detail ? { detail } : {}),
    ...(errors && errors.length ? { errors } : {}),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the error code of the problem+json response sent for this request (metrics) */
    problemCode?: string;
  }
}

/** Writes an RFC 9457 problem+json response. */
export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  docsUrl: string,
  problem: { code: ErrorCode; detail?: string; errors?: FieldError[]; headers?: Record<string, string> },
): FastifyReply {
  const body = problemBody(docsUrl, String(request.id), problem.code, problem.detail, problem.errors);
  request.problemCode = problem.code;
  for (const [name, value] of Object.entries(problem.headers ?? {})) reply.header(name, value);
  return reply.status(body.status).type('application/problem+json').send(JSON.stringify(body));
}
