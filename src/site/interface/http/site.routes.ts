import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { sitePath, type AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { PREVIEW_PATH } from '../../../pages/index.js';
import { answerMalformedUrls } from '../../../platform/http/malformed-urls.js';
import { isMoved, LiveSite, type LivePageView, type ViewRequest, type VisitorInfo } from '../../application/live-site.js';
import { renderErrorPage, renderLivePage, type PageToRender } from './render/live-page.js';
import { serveRootFiles } from './site-files.js';
import { SiteForms } from './site-forms.js';
import { renderPreview } from './site-preview.js';
import {
  html,
  livePage,
  location,
  matches,
  NotFound,
  notFound,
  PIXEL,
  PREVIEW_CACHE,
  PREVIEW_HEADERS,
  RETRY_AFTER_SECONDS,
  unavailable,
  type Params,
} from './site-http.js';

/** A live page's document, rendered and encoded once per loaded page (the cache keeps a page until it changes). */
interface Rendered {
  body: Buffer;
  etag: string;
}

/**
 * The live site at PUBLIC_SITE_URL, served by Fastify directly rather than through Nest's router, guards and
 * interceptors, which cost more than the whole cached view (docs/adr/0092); the use cases are still
 * LiveSite's, over the CQRS buses. `/<slug>` renders the published snapshot and counts a view,
 * `/<slug>/r/<block_id>` counts a click and redirects, `/<slug>/subscribe/<block_id>` takes a newsletter
 * sign-up, `/<slug>/d/<block_id>` serves a FILE block's download (behind an e-mail gate when it is gated).
 * Whatever goes wrong, the visitor gets an HTML page, never a JSON body.
 */
@Injectable()
export class SiteRoutes implements OnModuleInit {
  private readonly ownHosts: string[];
  private readonly forms: SiteForms;
  private readonly base: string;
  private readonly rendered = new WeakMap<LivePageView, Rendered>();
  /** SITE_CDN_MAX_AGE: pages cacheable by shared caches, views counted by the beacon (docs/adr/0031) */
  private readonly cdnMaxAge: number | null;
  /** PUBLIC_SITE_URL and PUBLIC_API_URL without a trailing slash: a page's public_url, and where its avatar is served */
  private readonly siteUrl: string;
  private readonly apiUrl: string;

  constructor(
    private readonly site: LiveSite,
    private readonly http: HttpAdapterHost,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const siteUrl = new URL(config.publicSiteUrl);
    this.ownHosts = [...new Set([siteUrl.hostname, new URL(config.publicApiUrl).hostname])];
    this.base = sitePath(config.publicSiteUrl);
    this.siteUrl = config.publicSiteUrl.replace(/\/+$/, '');
    this.apiUrl = config.publicApiUrl.replace(/\/+$/, '');
    const ownOrigins = new Set([siteUrl.origin, new URL(config.publicApiUrl).origin]);
    this.forms = new SiteForms(this.site, this.base, ownOrigins, (page, extra) => this.render(page, extra));
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
    serveRootFiles(fastify, this.base);
    void fastify.register((site, _opts, done) => this.routes(site, done), { prefix: this.base });
    // Preview links live at the site's origin root, whatever its page path (docs/adr/0043): any path beneath is
    // answered as the site answers, a token it cannot read with the 404 page of an unknown slug.
    answerMalformedUrls(
      fastify,
      (url) => url.startsWith(PREVIEW_PATH),
      (_req, reply) => void html(reply, 404, notFound()),
    );
    void fastify.register((scope, _opts, done) => {
      scope.setErrorHandler((err: FastifyError, req, reply) => this.failed(err, req, reply));
      scope.get<{ Params: { '*': string } }>(`${PREVIEW_PATH}*`, (req, reply) => this.preview(req, reply));
      done();
    });
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
    site.post<{ Params: Params }>('/:slug/subscribe/:block_id', (req, reply) => this.forms.subscribe(req, reply));
    site.get<{ Params: Params }>('/:slug/d/:block_id', (req, reply) => this.forms.download(req, reply));
    site.post<{ Params: Params }>('/:slug/d/:block_id', (req, reply) => this.forms.unlock(req, reply));
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

  private render(page: LivePageView, extra: Pick<PageToRender, 'notice' | 'formValues' | 'beacon'> = {}): string {
    const at = `${this.base}/${page.slug}`;
    return renderLivePage({
      title: page.title,
      description: page.description,
      locale: page.locale,
      theme: page.theme,
      blocks: page.blocks,
      canonicalUrl: `${this.siteUrl}/${page.slug}`,
      avatarUrl: page.avatarPath ?? undefined,
      imageUrl: page.avatarPath ? `${this.apiUrl}${page.avatarPath}` : undefined,
      filesOrigin: this.apiUrl,
      ...extra,
      links: {
        click: (id) => `${at}/r/${encodeURIComponent(id)}`,
        subscribe: (id) => `${at}/subscribe/${encodeURIComponent(id)}`,
        download: (id) => `${at}/d/${encodeURIComponent(id)}`,
      },
    });
  }

  /** The page's plain document and its ETag, rendered on its first view. */
  private document(page: LivePageView): Rendered {
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
    const route = await this.site.route(req.params.slug);
    if (!route) return html(reply, 404, notFound()); // (not thrown: scans for random slugs are common)
    // A slug the page gave up: a permanent redirect to where it lives now, briefly cacheable (it ends, or is taken back).
    if (isMoved(route))
      return reply
        .status(301)
        .headers({ location: `${this.base}/${route.movedTo}`, 'cache-control': 'public, max-age=300' })
        .send();
    const page = route;
    const subscribed = req.query.subscribed;
    // The confirmation after a sign-up (Post/Redirect/Get) is not a new visit.
    if (typeof subscribed === 'string' && page.blocks.some((b) => b.id === subscribed && b.kind === 'NEWSLETTER'))
      return html(reply, 200, this.render(page, { notice: { blockId: subscribed, kind: 'success', text: 'Thanks for signing up!' } }));
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

  /**
   * A draft preview: the page's current draft in the live renderer with a banner, links straight to their targets
   * (no tracked redirect), forms disabled, no view counted, and headers that keep it out of indexes, caches and
   * Referer headers. Whatever is wrong with the token, or an archived page, is the 404 page of an unknown slug.
   */
  private async preview(req: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
    const page = await this.site.preview(req.params['*']);
    if (!page) return html(reply, 404, notFound());
    return html(reply, 200, renderPreview(page), PREVIEW_CACHE, PREVIEW_HEADERS);
  }

  /** The beacon a page embeds behind a CDN: each load of it is a view (never cached anywhere). */
  private async seen(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const page = await this.site.page(req.params.slug);
    if (!page) return html(reply, 404, notFound());
    await this.site.view(page, { ...this.visitor(req), referer: undefined }, this.viewRequest(req, false));
    return reply.status(200).headers({ 'content-type': 'image/gif', 'cache-control': 'no-store' }).send(PIXEL);
  }

  private async click(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const page = await livePage(this.site, req.params.slug);
    const target = location(await this.site.click(page, req.params.block_id, this.visitor(req)));
    if (!target) throw new NotFound();
    return reply
      .status(302)
      .headers({ location: target, 'cache-control': 'no-store', 'referrer-policy': 'strict-origin-when-cross-origin' })
      .send();
  }
}
