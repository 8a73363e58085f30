import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { clientNetwork } from '../observability/client-address.js';
import './pipeline/request-context.js';

/** The API's requests (under /v1) are logged at info; the live site, probes, scrapes and docs at debug. */
export function isApiRequest(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** What one request's log line says (decisions.md, "Privacy in logs"). */
export function requestLine(request: FastifyRequest, reply: FastifyReply): Record<string, unknown> {
  const caller = request.caller;
  return {
    method: request.method,
    // The route's pattern (`/v1/pages/:page_id`), never the raw URL with its ids and query.
    route: request.routeOptions?.url ?? 'unmatched',
    status: reply.statusCode,
    duration_ms: Math.round(reply.elapsedTime * 10) / 10,
    ...(caller?.workspaceId ? { workspace_id: caller.workspaceId } : {}),
    ...(caller?.keyPrefix ? { key_prefix: caller.keyPrefix } : {}),
    ...(request.problemCode ? { problem: request.problemCode } : {}),
    // The visitor's network (IPv4 /24, IPv6 /48), never the address.
    client: clientNetwork(request.ip),
  };
}

/**
 * Fastify's request logging, replaced (docs/adr/0038): one line per request when its response is finished, at info
 * for the API and at debug for everything else, with the request id (the child logger's `request_id`), the route
 * pattern, the status, the duration, the caller's workspace and key prefix, the problem code of a refusal and the
 * client's network. No line carries a client's address or port: Fastify's own lines (incoming request, route not
 * found, errors with the request attached) are not written. Unexpected errors keep their stack at error level
 * (the problem filter and the live site's error page log them).
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = requestLine(request, reply);
    const message = `${request.method} ${String(line.route)} ${reply.statusCode}`;
    // The response could not be written in full (the client went away, mostly): worth a look, not an alarm.
    if (error) reply.log.warn({ ...line, err: { type: error.name, message: error.message } }, `${message} (not sent in full)`);
    else if (isApiRequest(request.url)) reply.log.info(line, message);
    else reply.log.debug(line, message);
  }

  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ err: error }, error?.message);
    else reply.log.debug({ err: error }, error?.message);
  }

  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ err: error }, error?.message);
  }
}
