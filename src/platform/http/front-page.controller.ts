import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/** Where a newcomer goes from the front page, each with what it is. */
const LINKS = [
  { rel: 'docs', href: '/docs', title: 'API reference (every operation, with examples)' },
  { rel: 'openapi', href: '/v1/openapi.json', title: 'OpenAPI document' },
  { rel: 'errors', href: '/docs/errors/invalid-request', title: 'Error codes' },
  { rel: 'health-live', href: '/health/live', title: 'Liveness check' },
  { rel: 'health-ready', href: '/health/ready', title: 'Readiness check (the database answers)' },
] as const;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `GET /`: the address the start prints answers something useful (decisions.md, fifth round, "The second hour"): a
 * small HTML page linking the API reference, the OpenAPI document and the health checks, or the same links as JSON
 * for `Accept: application/json`. Not an operation of the API: no key, not in the OpenAPI document.
 */
@ApiExcludeController()
@Controller()
export class FrontPageController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  front(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    const wanted = negotiate(req.headers.accept ?? 'text/html', ['text/html', 'application/json']);
    void reply.header('cache-control', 'no-store').header('vary', 'Accept');
    if (wanted === 'application/json') {
      void reply.type('application/json; charset=utf-8').send({
        name: 'Bio-Page API',
        links: LINKS.map((l) => ({ ...l, href: `${this.config.publicApiUrl}${l.href}` })),
      });
      return;
    }
    const items = LINKS.map((l) => `<li><a href="${escape(l.href)}">${escape(l.title)}</a> <code>${escape(l.href)}</code></li>`).join('');
    void reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ' +
          'initial-scale=1"><title>Bio-Page API</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;' +
          'margin:3rem auto;padding:0 1rem}code{color:#555}</style></head><body>' +
          '<h1>Bio-Page API</h1>' +
          '<p>The API answers under <code>/v1</code> with a key (<code>Authorization: Bearer bp_live_…</code>).</p>' +
          `<ul>${items}</ul></body></html>`,
      );
  }
}
