import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { MetricsConfig } from '../config/config-sections.js';
import { problemBody } from '../http/problem.js';
import { requestIdFor } from '../http/request-id.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether `Authorization` carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | string[] | undefined, token: string): boolean {
  const match = typeof authorization === 'string' ? /^Bearer[ ]+(\S+)\s*$/i.exec(authorization) : null;
  return match !== null && timingSafeEqual(sha256(match[1]!), sha256(token));
}

/** Whether a scrape may read the metrics: always when no token is configured, else only with it. */
export const scrapeAllowed = (authorization: string | string[] | undefined, token: string | undefined): boolean =>
  token === undefined || bearerMatches(authorization, token);

export interface MetricsListener {
  /** where it listens, e.g. http://127.0.0.1:9464/metrics */
  url: string;
  close(): Promise<void>;
}

/** Another GET route of the operator port: the query string's parameters in, a status and a short text out. */
export type OperatorRoute = (query: URLSearchParams) => Promise<{ status: number; text: string }>;

/**
 * The operator listener of METRICS_PORT (docs/adr/0038): `GET /metrics`, on METRICS_HOST (loopback by default), for
 * the API process and the worker process alike, and the `routes` a process adds (the API's `GET /tls/ask`, Caddy's
 * certificate check: docs/adr/0094). With METRICS_TOKEN set /metrics asks for the token too. Anything else is
 * answered like an unknown route of the API: 404 route_not_found, problem+json.
 */
export async function listenForMetrics(
  registry: Registry,
  config: MetricsConfig,
  docsUrl: string,
  routes: Readonly<Record<string, OperatorRoute>> = {},
): Promise<MetricsListener> {
  const port = config.port;
  if (port === undefined) throw new Error('METRICS_PORT is not set');
  const server = createServer((req, res) => void answer(req, res));
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdFor(req);
    res.setHeader('x-request-id', requestId);
    const [path = '/', search = ''] = (req.url ?? '/').split('?', 2);
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (route && req.method === 'GET') {
      try {
        const routed = await route(new URLSearchParams(search));
        res.writeHead(routed.status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(routed.text);
      } catch {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('unavailable');
      }
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/metrics' && scrapeAllowed(req.headers.authorization, config.token)) {
      try {
        const text = await registry.metrics();
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      } catch {
        const body = problemBody(docsUrl, requestId, 'internal_error', 'The metrics could not be collected.');
        res.writeHead(body.status, { 'content-type': 'application/problem+json' }).end(JSON.stringify(body));
      }
      return;
    }
    const body = problemBody(docsUrl, requestId, 'route_not_found', `No route ${req.method} ${path}.`);
    res.writeHead(body.status, { 'content-type': 'application/problem+json' }).end(JSON.stringify(body));
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: config.host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
