import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { sitePath, type AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { PREVIEW_PATH } from '../../../pages/index.js';
import { answerMalformedUrls } from '../../../platform/http/malformed-urls.js';
import { hostOf, ownHostsOf } from '../../../platform/http/hosts.js';
import { isIP } from 'node:net';
import { isMoved, LiveSite, type LivePageView, type ServedSite, type ViewRequest, type VisitorInfo } from '../../application/live-site.js';
import { renderErrorPage, renderLivePage, type PageToRender } from './render/live-page.js';
import { serveRootFiles } from './site-files.js';
import { SiteForms, type FormPlace } from './site-forms.js';
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

/** A page's canonical address: the root of its verified custom domain, else its public_url. */
const canonicalUrl = (page: LivePageView, siteUrl: string) => (page.customHost ? `https://${page.customHost}/` : `${siteUrl}/${page.slug}`);

/** Where the custom-domain constraint leaves the domain it found, on the raw request. */
const SERVED = Symbol('servedDomain');
type WithServed = { [SERVED]?: ServedSite };

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
  /** the same, as served at a custom domain's root (its links there are `/r/…`, not `/p/<slug>/r/…`) */
  private readonly renderedAtRoot = new WeakMap<LivePageView, Rendered>();
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
    this.ownHosts = ownHostsOf(config);
    this.base = sitePath(config.publicSiteUrl);
    this.siteUrl = config.publicSiteUrl.replace(/\/+$/, '');
    this.apiUrl = config.publicApiUrl.replace(/\/+$/, '');
    const ownOrigins = new Set([siteUrl.origin, new URL(config.publicApiUrl).origin]);
    this.forms = new SiteForms(this.site, ownOrigins, (page, extra, at) => this.render(page, extra, at));
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
    this.serveCustomDomains(fastify);
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

  /**
   * The name a request's Host header gives when it could be a custom domain (lower case, no port, no trailing dot);
   * null for the service's own hosts, `localhost`, an IP address and a single label, which never are.
   */
  private candidateHost(header: string | undefined): string | null {
    if (!header) return null;
    const host = hostOf(header);
    if (!host.includes('.') || host.startsWith('[') || isIP(host) !== 0 || host.endsWith('.localhost')) return null;
    return this.ownHosts.includes(host) ? null : host;
  }

  /**
   * A verified custom domain's routes (docs/adr/0094), chosen by Host through two route constraints: `customDomain`
   * is `served` when the Host is a verified domain (looked up through the site's cache), and then only these routes
   * answer: the page at `/`, its tracked redirects, forms and beacon, and the 404 page for every other path, the API's
   * included. `strangerHost` is set for any Host that is not one of the service's own: at `/` such a Host that is no
   * verified domain gets the 404 page (the front page is the service's own hosts'); its other paths answer as usual.
   * A lookup that fails (the database is down and the name not kept) serves the request as usual.
   */
  private serveCustomDomains(fastify: FastifyInstance): void {
    type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
    type Done = (err: Error | null, value: string | undefined) => void;
    // find-my-way derives a constraint asynchronously when its function takes a callback; Fastify's types lack that form.
    fastify.addConstraintStrategy({
      name: 'customDomain',
      mustMatchWhenDerived: true,
      storage: valueStore,
      deriveConstraint: (req: WithServed & { headers: Record<string, string | string[] | undefined> }, _ctx: unknown, done: Done) => {
        const host = this.candidateHost(req.headers.host as string | undefined);
        if (!host) return done(null, undefined);
        // oxlint-disable-next-line promise/no-callback-in-promise -- find-my-way's async constraints take a callback
        void this.servedAt(host, req).then((value) => done(null, value));
      },
    } as unknown as Strategy);
    fastify.addConstraintStrategy({
      name: 'strangerHost',
      storage: valueStore,
      deriveConstraint: (req: { headers: Record<string, string | string[] | undefined> }) =>
        this.candidateHost(req.headers.host as string | undefined) ? 'stranger' : undefined,
    } as unknown as Strategy);
    const served = { customDomain: 'served' };
    const forms = { constraints: served, config: { forms: true } as object };
    const site = (req: FastifyRequest) => (req.raw as WithServed)[SERVED]!;
    const page = async (req: FastifyRequest) => {
      const found = await this.site.domainPage(site(req));
      if (!found) throw new NotFound();
      return found;
    };
    const place = (req: FastifyRequest): FormPlace => ({ page: () => page(req), at: () => '' });
    const errors = (scope: FastifyInstance) => scope.setErrorHandler((err: FastifyError, req, reply) => this.failed(err, req, reply));
    void fastify.register((scope, _opts, done) => {
      errors(scope);
      // (While the database is down a name that may be a verified domain not kept in memory is not known: say so.)
      scope.get('/', { constraints: { strangerHost: 'stranger' } }, (_req, reply) =>
        this.site.databaseDown
          ? html(reply.header('retry-after', RETRY_AFTER_SECONDS), 503, unavailable(), 'no-store')
          : html(reply, 404, notFound()),
      );
      scope.get<{ Querystring: { subscribed?: unknown } }>('/', { constraints: served }, async (req, reply) => {
        const found = await this.site.domainPage(site(req));
        return found ? this.showPage(found, req, reply, true) : html(reply, 404, notFound());
      });
      scope.get<{ Params: Pick<Params, 'block_id'> }>('/r/:block_id', { constraints: served }, async (req, reply) =>
        this.clickOn(await page(req), req, reply),
      );
      scope.post<{ Params: Pick<Params, 'block_id'> }>('/subscribe/:block_id', forms, (req, reply) =>
        this.forms.subscribe(req, reply, place(req)),
      );
      scope.get<{ Params: Pick<Params, 'block_id'> }>('/d/:block_id', { constraints: served }, (req, reply) =>
        this.forms.download(req, reply, place(req)),
      );
      scope.post<{ Params: Pick<Params, 'block_id'> }>('/d/:block_id', forms, (req, reply) => this.forms.unlock(req, reply, place(req)));
      if (this.cdnMaxAge !== null)
        scope.get('/seen.gif', { constraints: served }, async (req, reply) =>
          this.seenOn(await this.site.domainPage(site(req)), req, reply),
        );
      scope.all('/*', { constraints: served }, (_req, reply) => html(reply, 404, notFound()));
      done();
    });
  }

  /** `served` when `host` is a verified domain (kept on the request for its route), else nothing; never fails. */
  private async servedAt(host: string, req: WithServed): Promise<'served' | undefined> {
    try {
      const site = await this.site.served(host);
      if (!site) return undefined;
      req[SERVED] = site;
      return 'served';
    } catch {
      return undefined; // the database is down and the name not kept: served as usual
    }
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
    site.post<{ Params: Params }>('/:slug/subscribe/:block_id', (req, reply) => this.forms.subscribe(req, reply, this.bySlug(req)));
    site.get<{ Params: Params }>('/:slug/d/:block_id', (req, reply) => this.forms.download(req, reply, this.bySlug(req)));
    site.post<{ Params: Params }>('/:slug/d/:block_id', (req, reply) => this.forms.unlock(req, reply, this.bySlug(req)));
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

  /** A form's page on the service's hosts: the live page at the slug of the path, at `/p/<slug>`. */
  private bySlug(req: FastifyRequest<{ Params: Params }>): FormPlace {
    return { page: () => livePage(this.site, req.params.slug), at: (page) => `${this.base}/${page.slug}` };
  }

  /** The path the page is served at: `/p/<slug>`, or `` at the root of its custom domain. */
  private render(
    page: LivePageView,
    extra: Pick<PageToRender, 'notice' | 'formValues' | 'beacon'> = {},
    at = `${this.base}/${page.slug}`,
  ): string {
    return renderLivePage({
      title: page.title,
      description: page.description,
      locale: page.locale,
      theme: page.theme,
      blocks: page.blocks,
      canonicalUrl: canonicalUrl(page, this.siteUrl),
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

  /** The page's plain document and its ETag, rendered on its first view (at `/p/<slug>`, or at a domain's root). */
  private document(page: LivePageView, atRoot = false): Rendered {
    const kept = atRoot ? this.renderedAtRoot : this.rendered;
    let doc = kept.get(page);
    if (!doc) {
      const at = atRoot ? '' : `${this.base}/${page.slug}`;
      const beacon = this.cdnMaxAge === null ? undefined : `${at}/seen.gif`;
      const body = Buffer.from(this.render(page, { beacon }, at));
      doc = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      kept.set(page, doc);
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
    // A page with a verified custom domain lives there (docs/adr/0094).
    if (route.customHost)
      return reply
        .status(301)
        .headers({ location: `https://${route.customHost}/`, 'cache-control': 'public, max-age=300' })
        .send();
    return this.showPage(route, req, reply, false);
  }

  /** Shows a live page (at `/p/<slug>`, or at the root of its custom domain: `atRoot`) and counts the view. */
  private async showPage(
    page: LivePageView,
    req: FastifyRequest<{ Querystring: { subscribed?: unknown } }>,
    reply: FastifyReply,
    atRoot: boolean,
  ): Promise<FastifyReply> {
    const at = atRoot ? '' : `${this.base}/${page.slug}`;
    const subscribed = req.query.subscribed;
    // The confirmation after a sign-up (Post/Redirect/Get) is not a new visit.
    if (typeof subscribed === 'string' && page.blocks.some((b) => b.id === subscribed && b.kind === 'NEWSLETTER'))
      return html(reply, 200, this.render(page, { notice: { blockId: subscribed, kind: 'success', text: 'Thanks for signing up!' } }, at));
    // Behind a CDN the document is shared by many views: its beacon counts each one instead.
    if (this.cdnMaxAge === null) await this.site.view(page, this.visitor(req), this.viewRequest(req, true));
    const doc = this.document(page, atRoot);
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
    return this.seenOn(await this.site.page(req.params.slug), req, reply);
  }

  private async seenOn(page: LivePageView | null, req: FastifyRequest, reply: FastifyReply) {
    if (!page) return html(reply, 404, notFound());
    await this.site.view(page, { ...this.visitor(req), referer: undefined }, this.viewRequest(req, false));
    return reply.status(200).headers({ 'content-type': 'image/gif', 'cache-control': 'no-store' }).send(PIXEL);
  }

  private async click(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    return this.clickOn(await livePage(this.site, req.params.slug), req, reply);
  }

  private async clickOn(page: LivePageView, req: FastifyRequest<{ Params: Pick<Params, 'block_id'> }>, reply: FastifyReply) {
    const target = location(await this.site.click(page, req.params.block_id, this.visitor(req)));
    if (!target) throw new NotFound();
    return reply
      .status(302)
      .headers({ location: target, 'cache-control': 'no-store', 'referrer-policy': 'strict-origin-when-cross-origin' })
      .send();
  }
}

/** A constraint's values and the routes' bitmaps, as find-my-way stores them. */
function valueStore() {
  const values = new Map<string, unknown>();
  return { get: (value: string) => values.get(value) ?? null, set: (value: string, routes: unknown) => void values.set(value, routes) };
}
