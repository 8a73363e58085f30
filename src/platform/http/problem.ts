import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOG, errorSlug, type ErrorCode } from '../errors/error-catalog.js';
import { MAX_FIELD_ERRORS, type FieldError } from '../domain/domain-error.js';

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

/** Any problem+json body is at most this many bytes (UTF-8): a 400 can never take the process's memory. */
export const PROBLEM_MAX_BYTES = 64 * 1024;
/** The longest `detail`, and the longest pointer or detail of one field error, in characters. */
const DETAIL_MAX_CHARS = 4096;
const FIELD_MAX_CHARS = 1024;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * Bounds a problem body: at most MAX_FIELD_ERRORS field errors, long texts shortened, and then as many of
 * the field errors, in order, as fit in PROBLEM_MAX_BYTES. The list is cut, never the JSON.
 */
export function boundProblem(body: ProblemBody): ProblemBody {
  if (!body.errors && (!body.detail || body.detail.length <= DETAIL_MAX_CHARS)) return body;
  const out: ProblemBody = { ...body, ...(body.detail ? { detail: clip(body.detail, DETAIL_MAX_CHARS) } : {}) };
  delete out.errors;
  if (!body.errors?.length) return out;
  let room = PROBLEM_MAX_BYTES - bytes(out) - ',"errors":[]'.length;
  const errors: FieldError[] = [];
  for (const e of body.errors.slice(0, MAX_FIELD_ERRORS)) {
    const entry: FieldError =
      'pointer' in e
        ? { pointer: clip(e.pointer, FIELD_MAX_CHARS), detail: clip(e.detail, FIELD_MAX_CHARS) }
        : { parameter: clip(e.parameter, FIELD_MAX_CHARS), detail: clip(e.detail, FIELD_MAX_CHARS) };
    room -= bytes(entry) + (errors.length > 0 ? 1 : 0);
    if (room < 0) break;
    errors.push(entry);
  }
  return errors.length ? { ...out, errors } : out;
}

export function problemBody(docsUrl: string, requestId: string, code: ErrorCode, detail?: string, errors?: FieldError[]): ProblemBody {
  const spec = ERROR_CATALOG[code];
  return boundProblem({
    type: `${docsUrl}/errors/${errorSlug(code)}`,
    title: spec.title,
    status: spec.status,
    instance: `urn:request:${requestId}`,
    code,
    request_id: requestId,
    ...(detail ? { detail } : {}),
    ...(errors && errors.length ? { errors } : {}),
  });
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
