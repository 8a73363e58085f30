import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { sitePath, type AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { answerMalformedUrls } from '../../../platform/http/malformed-urls.js';
import { LiveSite, type LivePage, type ViewRequest, type VisitorInfo } from '../../application/live-site.js';
import {
  renderErrorPage,
  renderGatePage,
  renderLivePage,
  renderNotFoundPage,
  renderNoticePage,
  type LivePageView,
} from './render/live-page.js';

/** Security headers for every HTML document of the site: no scripts at all, inline styles only. */
const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function html(reply: FastifyReply, status: number, body: string | Buffer, cache = 'no-cache'): FastifyReply {
  return reply
    .status(status)
    .headers({ ...HTML_HEADERS, 'cache-control': cache })
    .send(body);
}

type FormBody = Record<string, string | undefined>;

/** A form post parsed by the urlencoded parser; anything else is treated as an empty form. */
function form(req: FastifyRequest): FormBody {
  const b = req.body;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return {};
  const out: FormBody = {};
  for (const [k, v] of Object.entries(b as Record<string, unknown>)) if (typeof v === 'string') out[k] = v.slice(0, 1000);
  return out;
}

/**
 * A redirect target as a `Location` value: its normalized form, which is plain ASCII (punycode host,
 * percent-encoded path), so the header can always be sent. URLs are stored normalized; this also covers
 * rows written before they were. Null when it is neither an absolute URL nor a same-origin path.
 */
function location(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    if (url.startsWith('/') && !url.startsWith('//')) {
      const path = new URL(url, 'http://site.invalid'); // a same-origin path (a workspace file) stays a path
      return path.pathname + path.search + path.hash;
    }
    return new URL(url).href;
  } catch {
    return null;
  }
}

/** Whether `If-None-Match` names `etag` (a list, weak validators compared weakly, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/** A live page's document, rendered and encoded once per loaded page (the cache keeps a page until it changes). */
interface Rendered {
  body: Buffer;
  etag: string;
}

/** The 404 page never changes: encoded once (scans for random slugs are answered from memory). */
let notFoundPage: Buffer | undefined;
const notFound = () => (notFoundPage ??= Buffer.from(renderNotFoundPage()));

/** The page a visitor gets while the database is unreachable and the page asked for is not in memory. */
let unavailablePage: Buffer | undefined;
const unavailable = () =>
  (unavailablePage ??= Buffer.from(
    renderNoticePage('This page will be back in a moment', 'We can’t show it right now. Please try again in a few seconds.'),
  ));
/** Seconds a visitor (or a CDN) is asked to wait before trying again during an outage. */
const RETRY_AFTER_SECONDS = '5';

type Params = { slug: string; block_id: string };

/** A transparent 1×1 GIF, the CDN beacon's answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The live site at PUBLIC_SITE_URL, served by Fastify directly rather than through Nest's router, guards and
 * interceptors, which cost more than the whole cached view (docs/adr/0030); the use cases are still
 * LiveSite's, over the CQRS buses. `/<slug>` renders the published snapshot and counts a view,
 * `/<slug>/r/<block_id>` counts a click and redirects, `/<slug>/subscribe/<block_id>` takes a newsletter
 * sign-up, `/<slug>/d/<block_id>` serves a FILE block's download (behind an e-mail gate when it is gated).
 * Whatever goes wrong, the visitor gets an HTML page, never a JSON body.
 */
@Injectable()
export class SiteRoutes implements OnModuleInit {
  private readonly ownHosts: string[];
  private readonly ownOrigins: Set<string>;
  private readonly base: string;
  private readonly rendered = new WeakMap<LivePage, Rendered>();
  /** SITE_CDN_MAX_AGE: pages cacheable by shared caches, views counted by the beacon (docs/adr/0031) */
  private readonly cdnMaxAge: number | null;

  constructor(
    private readonly site: LiveSite,
    private readonly http: HttpAdapterHost,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const siteUrl = new URL(config.publicSiteUrl);
    this.ownHosts = [...new Set([siteUrl.hostname, new URL(config.publicApiUrl).hostname])];
    this.ownOrigins = new Set([siteUrl.origin, new URL(config.publicApiUrl).origin]);
    this.base = sitePath(config.publicSiteUrl);
    this.cdnMaxAge = config.siteCdnMaxAge;
    // A page's document is rendered on its load and weighed with it, so that the cache's byte bound covers both.
    this.site.keepBeside((page) => this.document(page).body.length);
  }

  /** Mounts the routes on the HTTP server (a process without one, such as the CLI, has no site). */
  onModuleInit(): void {
    const fastify = this.http.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    // A slug that is not UTF-8, or longer than Fastify takes a parameter: the site's 404 page, like any unknown slug.
    answerMalformedUrls(
      fastify,
      (url) => this.isSiteUrl(url),
      (_req, reply) => void html(reply, 404, notFound()),
    );
    void fastify.register((site, _opts, done) => this.routes(site, done), { prefix: this.base });
  }

  /** Whether a raw URL has the shape of one of the site's addresses (at its own path, or of its routes at the root). */
  private isSiteUrl(url: string): boolean {
    const path = url.split('?')[0] ?? '';
    if (this.base) return path.startsWith(`${this.base}/`);
    return /^\/[^/]+(\/(r|d|subscribe)\/[^/]+|\/seen\.gif)?\/?$/.test(path) && !path.startsWith('/v1/');
  }

  private routes(site: FastifyInstance, done: (err?: Error) => void): void {
    site.setErrorHandler((err: FastifyError, req, reply) => this.failed(err, req, reply));
    // Under its own path (not at the root, where the API's 404 answers) an unknown address is the site's 404 page.
    if (this.base) site.setNotFoundHandler((_req, reply) => html(reply, 404, notFound()));
    site.get<{ Params: Params; Querystring: { subscribed?: unknown } }>('/:slug', (req, reply) => this.show(req, reply));
    site.get<{ Params: Params }>('/:slug/r/:block_id', (req, reply) => this.click(req, reply));
    site.post<{ Params: Params }>('/:slug/subscribe/:block_id', (req, reply) => this.subscribe(req, reply));
    site.get<{ Params: Params }>('/:slug/d/:block_id', (req, reply) => this.download(req, reply));
    site.post<{ Params: Params }>('/:slug/d/:block_id', (req, reply) => this.unlock(req, reply));
    if (this.cdnMaxAge !== null) site.get<{ Params: Params }>('/:slug/seen.gif', (req, reply) => this.seen(req, reply));
    done();
  }

  /** Anything that escapes a handler (or Fastify's reading of the request) becomes a friendly HTML page. */
  private failed(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (err instanceof DomainError && err.code === 'resource_not_found') return html(reply, 404, notFound());
    // The database is unreachable and the page is not in memory: a page that says so, logged once per outage.
    if (this.site.unavailable(err)) return html(reply.header('retry-after', RETRY_AFTER_SECONDS), 503, unavailable(), 'no-store');
    const status = err.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return html(reply, status, renderErrorPage('This request could not be read. Please go back and try again.'));
    req.log.error({ err }, 'Live site request failed');
    return html(reply, 500, renderErrorPage('Something went wrong on our side. Please try again in a moment.'));
  }

  private visitor(req: FastifyRequest): VisitorInfo {
    return {
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
      referer: req.headers.referer,
      ownHosts: this.ownHosts,
    };
  }

  /** What counting needs to know of a request for a page (docs/adr/0037); `document`: the request is the page's own load. */
  private viewRequest(req: FastifyRequest, document: boolean): ViewRequest {
    const h = req.headers;
    const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : v);
    return {
      method: req.method,
      secPurpose: one(h['sec-purpose']),
      purpose: one(h.purpose),
      // The beacon is loaded as an image by the page itself: only a page's own load is checked for it.
      fetchDest: document ? one(h['sec-fetch-dest']) : undefined,
      userAgent: String(h['user-agent'] ?? ''),
    };
  }

  private async live(slug: string): Promise<LivePage> {
    const page = await this.site.page(slug);
    if (!page) throw new NotFound();
    return page;
  }

  private render(page: LivePage, extra: Pick<LivePageView, 'notice' | 'formValues' | 'beacon'> = {}): string {
    const at = `${this.base}/${page.slug}`;
    return renderLivePage({
      title: page.title,
      description: page.description,
      locale: page.locale,
      theme: page.theme,
      blocks: page.blocks,
      ...extra,
      links: {
        click: (id) => `${at}/r/${encodeURIComponent(id)}`,
        subscribe: (id) => `${at}/subscribe/${encodeURIComponent(id)}`,
        download: (id) => `${at}/d/${encodeURIComponent(id)}`,
      },
    });
  }

  /** The page's plain document and its ETag, rendered on its first view. */
  private document(page: LivePage): Rendered {
    let doc = this.rendered.get(page);
    if (!doc) {
      const beacon = this.cdnMaxAge === null ? undefined : `${this.base}/${page.slug}/seen.gif`;
      const body = Buffer.from(this.render(page, { beacon }));
      doc = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      this.rendered.set(page, doc);
    }
    return doc;
  }

  private async show(req: FastifyRequest<{ Params: Params; Querystring: { subscribed?: unknown } }>, reply: FastifyReply) {
    const page = await this.site.page(req.params.slug);
    if (!page) return html(reply, 404, notFound()); // (not thrown: scans for random slugs are common)
    const subscribed = req.query.subscribed;
    // The confirmation after a sign-up (Post/Redirect/Get) is not a new visit.
    if (typeof subscribed === 'string' && page.blocks.some((b) => b.id === subscribed && b.kind === 'NEWSLETTER'))
      return html(reply, 200, this.render(page, { notice: { kind: 'success', text: 'Thanks for signing up!' } }));
    // Behind a CDN the document is shared by many views: its beacon counts each one instead.
    if (this.cdnMaxAge === null) await this.site.view(page, this.visitor(req), this.viewRequest(req, true));
    const doc = this.document(page);
    const cache = this.cdnMaxAge === null ? 'no-cache' : `public, max-age=0, s-maxage=${this.cdnMaxAge}`;
    // A revalidation that still holds the current document is a view too, answered without the body.
    if (matches(req.headers['if-none-match'], doc.etag))
      return reply.status(304).headers({ etag: doc.etag, 'cache-control': cache }).send();
    reply.header('etag', doc.etag);
    return html(reply, 200, doc.body, cache);
  }

  /** The beacon a page embeds behind a CDN: each load of it is a view (never cached anywhere). */
  private async seen(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const page = await this.site.page(req.params.slug);
    if (!page) return html(reply, 404, notFound());
    await this.site.view(page, { ...this.visitor(req), referer: undefined }, this.viewRequest(req, false));
    return reply.status(200).headers({ 'content-type': 'image/gif', 'cache-control': 'no-store' }).send(PIXEL);
  }

  private async click(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const page = await this.live(req.params.slug);
    const target = location(await this.site.click(page, req.params.block_id, this.visitor(req)));
    if (!target) throw new NotFound();
    return reply
      .status(302)
      .headers({ location: target, 'cache-control': 'no-store', 'referrer-policy': 'strict-origin-when-cross-origin' })
      .send();
  }

  /**
   * A form post sent from another site (its `Origin` names a foreign origin, or is `null` as from a sandboxed
   * frame) is refused: the forms are for the page's own visitors. A post without `Origin` (an old client) is
   * accepted; the per-address limit still applies to it.
   */
  private foreignOrigin(req: FastifyRequest): boolean {
    const origin = req.headers.origin;
    // Own: PUBLIC_SITE_URL's or PUBLIC_API_URL's origin, or the origin the request itself was sent to.
    return !(origin === undefined || this.ownOrigins.has(origin) || origin === `${req.protocol}://${req.host}`);
  }

  private refuseForeignOrigin(reply: FastifyReply): FastifyReply {
    return html(reply, 403, renderNoticePage('This form can’t be sent from here', 'Open the page itself and send the form from there.'));
  }

  /**
   * Past the per-address limit on form posts, sends a friendly 429 page with Retry-After (nothing is stored) and
   * says so. (It returns a flag, not the reply: a reply is thenable, and awaiting it would resolve to undefined.)
   */
  private async refusedOverLimit(page: LivePage, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const verdict = await this.site.admitFormPost(page, req.ip);
    if (verdict.allowed) return false;
    const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    html(reply, 429, renderNoticePage('Too many tries', `Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`));
    return true;
  }

  private async subscribe(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    if (this.foreignOrigin(req)) return this.refuseForeignOrigin(reply);
    const blockId = req.params.block_id;
    const page = await this.live(req.params.slug);
    const block = this.site.block(page, blockId, 'NEWSLETTER');
    if (!block) throw new NotFound();
    if (await this.refusedOverLimit(page, req, reply)) return reply;
    const f = form(req);
    const email = (f.email ?? '').trim();
    const name = (f.name ?? '').trim() || undefined;
    // A filled honeypot is a bot: answer as if it worked, capture nothing.
    if (!f.website) {
      const problem = await this.tryCapture(() => this.site.capture(page, block, 'NEWSLETTER', email, name));
      if (problem)
        return html(
          reply,
          400,
          this.render(page, { notice: { kind: 'error', text: problem }, formValues: { blockId, email, name: name ?? '' } }),
        );
    }
    return reply
      .status(303)
      .headers({
        location: `${this.base}/${page.slug}?subscribed=${encodeURIComponent(blockId)}#block-${blockId}`,
        'cache-control': 'no-store',
      })
      .send();
  }

  private async download(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const page = await this.live(req.params.slug);
    const block = this.site.block(page, req.params.block_id, 'FILE');
    const target = location(block?.fileUrl);
    if (!block || !target) throw new NotFound();
    if (block.data.gated !== true) return reply.status(302).headers({ location: target, 'cache-control': 'no-store' }).send();
    return html(reply, 200, this.gate(page, block.id, block.label));
  }

  private async unlock(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    if (this.foreignOrigin(req)) return this.refuseForeignOrigin(reply);
    const page = await this.live(req.params.slug);
    const block = this.site.block(page, req.params.block_id, 'FILE');
    const target = location(block?.fileUrl);
    if (!block || !target) throw new NotFound();
    if (await this.refusedOverLimit(page, req, reply)) return reply;
    const email = (form(req).email ?? '').trim();
    if (block.data.gated === true) {
      const problem = await this.tryCapture(() => this.site.capture(page, block, 'GATED_DOWNLOAD', email, undefined));
      if (problem) return html(reply, 400, this.gate(page, block.id, block.label, problem, email));
    }
    return reply.status(303).headers({ location: target, 'cache-control': 'no-store' }).send();
  }

  private gate(page: LivePage, blockId: string, fileTitle: string, error?: string, email?: string): string {
    const at = `${this.base}/${page.slug}`;
    return renderGatePage({
      title: page.title,
      locale: page.locale,
      theme: page.theme,
      fileTitle,
      action: `${at}/d/${encodeURIComponent(blockId)}`,
      backUrl: at,
      error,
      email,
    });
  }

  /** Runs a capture; a validation failure comes back as a sentence for the visitor. */
  private async tryCapture(capture: () => Promise<void>): Promise<string | null> {
    try {
      await capture();
      return null;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'invalid_request') return err.message;
      throw err;
    }
  }
}

class NotFound extends DomainError {
  constructor() {
    super('resource_not_found', 'No such live page.');
  }
}
