import type { DynamicModule } from '@nestjs/common';
import { API_REFERENCE_ROUTES, NAME_UNLABELLED_CONTROLS, withViewport } from './api-reference.js';
import { installCompression } from './compression.js';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { sitePath, type AppConfig } from '../config/config.js';
import { Metrics } from '../observability/metrics.js';
import { bearerMatches } from '../observability/metrics-endpoint.js';
import { PinoNestLogger } from '../observability/logger.js';
import type { OpenApiContribution } from '../openapi/examples.js';
import { buildOpenApiDocument, OpenApiDocument } from '../openapi/openapi.js';
import { Serving } from '../process/serving.js';
import { WorkerHost } from '../workers/worker-host.js';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import { installBodyParsers } from './body-parsing.js';
import { clientErrorHandler } from './client-errors.js';
import { sendProblem } from './problem.js';
import { ProblemFilter } from './problem.filter.js';
import { requestIdFor } from './request-id.js';
import { RequestLogController } from './request-log.js';
import { RouteTable } from './route-table.js';
import { malformedUrlAnswer } from './malformed-urls.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The reference's favicon: "bp" on a round mark, inline (no extra route). */
const DOCS_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#1f2937"/>' +
      '<text x="16" y="21" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">bp</text></svg>',
  );

export interface HttpApp {
  app: NestFastifyApplication;
  routes: RouteTable;
}

/**
 * Builds the HTTP application (not yet listening) around `root`: Fastify, problem+json everywhere, headers,
 * docs, metrics. `openApi` holds what the contexts add to the OpenAPI document (typed block bodies, examples).
 */
/** proxy-addr's rule for a hop count: the nearest `hops` addresses of the chain are proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildHttpApp(
  root: DynamicModule,
  config: AppConfig,
  logger: Logger,
  openApi: OpenApiContribution[] = [],
): Promise<HttpApp> {
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    genReqId: requestIdFor,
    // One line per request, without the client's address (request-log.ts, docs/adr/0038).
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    // TRUST_PROXY: a hop count believes that many proxies in front (the nearest first); a list, those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Long ids reach the handlers (and get their 404) instead of Fastify's bare 414.
    routerOptions: { maxParamLength: 2048 },
    // Malformed HTTP and requests that trickle in are answered problem+json too, then closed (client-errors.ts).
    // Node checks it every connectionsCheckingInterval (a quarter of it: a 30 s limit holds within 7.5 s). It must
    // also reach Node's server at its creation (`http`): set afterwards, as Fastify's own option does, the body
    // of a request that trickles in is never timed out.
    requestTimeout: config.requestTimeoutMs,
    http: { requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.max(100, config.requestTimeoutMs / 4) },
    clientErrorHandler: clientErrorHandler(config.docsUrl),
    // While the application closes, a request that still arrives gets our problem+json 503, not Fastify's own JSON
    // (the onRequest hook below; docs/adr/0051).
    return503OnClosing: false,
    // Errors Fastify raises before routing (a malformed URL such as %FF) are problems too, with a request id.
    frameworkErrors: (error: { code?: string }, req: FastifyRequest, reply: FastifyReply) => {
      reply.header('x-request-id', req.id);
      // Under the live site: its own 404 page (no page can have such an address).
      const claimed = malformedUrlAnswer(req);
      if (claimed) return claimed(req, reply);
      const detail =
        error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid: check its percent-encoding.' : 'The request could not be read.';
      sendProblem(reply, req, config.docsUrl, { code: 'invalid_request', detail });
    },
  });
  const fastify = adapter.getInstance();
  const routes = new RouteTable();
  // Routes chosen by a constraint (a custom domain's, by Host: docs/adr/0094) answer only where it holds: they say
  // nothing of which methods a path takes elsewhere (405 and Allow).
  fastify.addHook('onRoute', (route) => {
    if (!route.constraints || Object.keys(route.constraints).length === 0) routes.add(route.method, route.url);
  });
  installBodyParsers(fastify, { formPathPrefix: `${sitePath(config.publicSiteUrl)}/` });
  // Callback-style hooks: cheaper than async ones on every request.
  let serving: Serving | undefined; // the application's, once it exists
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    if (serving?.phase !== 'closed') return done();
    reply.header('connection', 'close');
    sendProblem(reply, req, config.docsUrl, {
      code: 'service_unavailable',
      detail: 'This process is shutting down: retry, another one answers.',
      headers: { 'retry-after': '1' },
    });
  });
  fastify.addHook('onSend', (req: FastifyRequest, reply, payload, done) => {
    // Draining (docs/adr/0051): each response closes its keep-alive connection, so none outlives the drain.
    if (serving && serving.phase !== 'serving') reply.header('connection', 'close');
    if (typeof payload === 'string' && API_REFERENCE_ROUTES.has(req.routeOptions?.url ?? '')) payload = withViewport(payload);
    if (req.limits) for (const [name, value] of Object.entries(rateLimitHeaders(req.limits))) reply.header(name, value);
    const caller = req.caller;
    if (caller?.scopes && reply.statusCode !== 401) {
      reply.header('x-api-key-scopes', caller.scopes.join(', '));
      reply.header('x-api-key-mode', caller.keyMode);
    }
    done(null, payload);
  });

  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    // Our parsers only (installBodyParsers): forms only on the live site's paths; elsewhere a form body is 415.
    bodyParser: false,
  });
  serving = app.get(Serving);
  app.useGlobalFilters(new ProblemFilter(config.docsUrl, routes));
  await installCompression(app);

  const metrics = app.get(Metrics);
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions?.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    if (req.problemCode) metrics.problems.inc({ status: String(reply.statusCode), code: req.problemCode });
    done();
  });
  // Metrics on the public port only to a bearer of METRICS_TOKEN; to anybody else (and with no token configured, to
  // everybody) /metrics is an unknown route (docs/adr/0038). METRICS_PORT serves them on a listener of their own.
  const metricsToken = config.metrics.token;
  if (metricsToken) {
    fastify.get('/metrics', async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, metricsToken))
        return sendProblem(reply, req, config.docsUrl, { code: 'route_not_found', detail: 'No route GET /metrics.' });
      void reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
      return metrics.registry.metrics();
    });
  }

  const document = buildOpenApiDocument(app, { publicApiUrl: config.publicApiUrl, docsUrl: config.docsUrl }, openApi);
  app.get(OpenApiDocument).document = document;
  SwaggerModule.setup('docs', app, document, {
    raw: false,
    customSiteTitle: 'Bio-Page API reference',
    // The key survives a reload; "Try it out" is a deliberate click (it acts on live data); no vendor top bar.
    swaggerOptions: { persistAuthorization: true, tryItOutEnabled: false, displayRequestDuration: true },
    customCss: '.swagger-ui .topbar { display: none }',
    customJsStr: NAME_UNLABELLED_CONTROLS,
    // Our own mark, not the UI vendor's favicon.
    customfavIcon: DOCS_ICON,
  });
  await app.init();
  // Only now, with every CQRS handler registered (at the end of app.init), may a worker loop send a command.
  app.get(WorkerHost).start();
  return { app, routes };
}
