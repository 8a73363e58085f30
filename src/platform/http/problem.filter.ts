import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DependencyUnavailableError, DomainError } from '../domain/domain-error.js';
import { isErrorCode, type ErrorCode } from '../errors/error-catalog.js';
import { IdempotentReplay } from '../idempotency/idempotency.store.js';
import { HttpProblem, sendProblem, type ProblemBody } from './problem.js';
import type { RouteTable } from './route-table.js';
import { isDatabaseUnavailable } from '../observability/database-outage.js';

export { isDatabaseUnavailable } from '../observability/database-outage.js';

interface FrameworkError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * The single place where errors become RFC 9457 problem+json: domain errors, access refusals, the
 * framework's own errors (unknown route, wrong method, bad JSON, oversized body, wrong content type)
 * and anything unexpected (500 internal_error, logged with the request id, never leaked).
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  constructor(
    private readonly docsUrl: string,
    private readonly routes: RouteTable,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    if (reply.sent) return;
    if (exception instanceof IdempotentReplay) {
      this.replay(exception, request, reply);
      return;
    }
    sendProblem(reply, request, this.docsUrl, this.toProblem(exception, request));
  }

  toProblem(
    exception: unknown,
    request: FastifyRequest,
  ): { code: ErrorCode; detail?: string; errors?: DomainError['errors']; headers?: Record<string, string> } {
    if (exception instanceof HttpProblem) {
      return { code: exception.code, detail: exception.detail, headers: exception.headers, errors: exception.errors };
    }
    if (exception instanceof DependencyUnavailableError) {
      return { code: 'service_unavailable', detail: exception.message, headers: { 'retry-after': String(exception.retryAfterSeconds) } };
    }
    if (exception instanceof DomainError && isErrorCode(exception.code)) {
      return { code: exception.code, detail: exception.message, errors: exception.errors };
    }
    const status = exception instanceof HttpException ? exception.getStatus() : (exception as FrameworkError)?.statusCode;
    if (status === 404) return this.notFound(request);
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return this.frameworkClientError(status, exception as FrameworkError);
    }
    if (status === 503 || isDatabaseUnavailable(exception)) {
      return { code: 'service_unavailable', detail: 'The database is temporarily unavailable.', headers: { 'retry-after': '5' } };
    }
    this.logger.error({ err: exception, request_id: request.id }, 'Unhandled error');
    return { code: 'internal_error', detail: 'An unexpected error occurred. It has been logged with this request id.' };
  }

  /** Sends a stored outcome again. A stored problem is re-rendered so that its request_id is this request's. */
  private replay({ response }: IdempotentReplay, request: FastifyRequest, reply: FastifyReply): void {
    reply.header('idempotent-replayed', 'true');
    for (const [name, value] of Object.entries(response.headers)) reply.header(name, value);
    const stored = response.body as Partial<ProblemBody> | null;
    if (response.status >= 400 && stored && typeof stored.code === 'string' && isErrorCode(stored.code)) {
      sendProblem(reply, request, this.docsUrl, { code: stored.code, detail: stored.detail, errors: stored.errors });
      return;
    }
    // 204 and 205 carry no body (an IDEM delete): the replay sends none either.
    if (response.status === 204 || response.status === 205) return void reply.status(response.status).send();
    reply.status(response.status).type('application/json').send(JSON.stringify(response.body));
  }

  private notFound(request: FastifyRequest) {
    const allowed = this.routes.allowedMethods(request.url);
    // A 405 names methods the path really has, and only when the request's own method is not one of them.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return {
        code: 'method_not_allowed' as const,
        detail: `${request.method} is not allowed here; use ${allowed.join(', ')}.`,
        headers: { allow: allowed.join(', ') },
      };
    }
    return { code: 'route_not_found' as const, detail: `No route ${request.method} ${request.url.split('?')[0]}.` };
  }

  private frameworkClientError(status: number, error: FrameworkError) {
    switch (status) {
      case 413:
        return { code: 'payload_too_large' as const, detail: 'The request body exceeds 1 MiB.' };
      case 415:
        return { code: 'unsupported_media_type' as const, detail: 'Send the request body as application/json.' };
      case 405:
        return { code: 'method_not_allowed' as const };
      default:
        return {
          code: 'invalid_request' as const,
          detail: error.message ? `The request could not be processed: ${error.message}` : 'The request could not be processed.',
        };
    }
  }
}
