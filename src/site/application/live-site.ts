import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RecordClickCommand, RecordViewCommand, type ViewRequest, type Visit } from '../../analytics/index.js';
import { CaptureContactCommand } from '../../audience/index.js';
import { FindServedDomainQuery, PageHostnamesQuery } from '../../custom-domains/index.js';
import {
  GetDraftPreviewQuery,
  GetLivePageQuery,
  GetMovedSlugQuery,
  GetPageQuery,
  SLUG_MAX,
  type LiveBlockView,
  type LivePageView as PageSnapshot,
  type MovedSlugView,
} from '../../pages/index.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { DatabaseOutage, isDatabaseUnavailable } from '../../platform/observability/database-outage.js';
import { WindowCounter, type WindowVerdict } from '../../platform/rate-limit/window-counter.js';
import { Clock } from '../../platform/time/clock.js';
import { Keyring } from '../../platform/config/keyring.js';
import { NotFoundError } from '../../platform/domain/domain-error.js';
import { FormClientKey } from './form-client-key.js';
import { LivePageCache } from './live-page-cache.js';

export type { LiveBlockView };
/** A live page as the site serves it: with the verified custom domain it lives at, when it has one (docs/adr/0094). */
export type LivePageView = PageSnapshot & { customHost?: string };
/** A verified custom domain as the site serves it: the page's slug, through which its live page is found. */
export interface ServedSite {
  hostname: string;
  workspaceId: string;
  pageId: string;
  slug: string;
}
/** What a domain lookup weighs in the cache. */
const SERVED_BYTES = 512;
/** A slug a live page gave up: it answers a 301 to the page's current slug until `until` (docs/adr/0042). */
export type MovedSlug = MovedSlugView;
/** What a slug shows: a live page, or the redirect of a slug a live page gave up. */
export type LiveRoute = LivePageView | MovedSlug;

export const isMoved = (route: LiveRoute): route is MovedSlug => 'movedTo' in route;
/** What a remembered redirect weighs (its strings and entry). */
const MOVED_BYTES = 256;

/** Who is visiting, as the analytics need it (no IP is stored; see analytics' VisitorHasher). */
export type VisitorInfo = Omit<Visit, 'workspaceId' | 'pageId'>;
export type { ViewRequest };

/**
 * What a live page costs in memory besides what is kept beside it: its strings, counted as UTF-16 (two bytes a
 * character, V8's wider form) with a small allowance per block for the objects that hold them.
 */
export function pageBytes(page: LivePageView): number {
  return 2 * JSON.stringify(page).length + 256 * page.blocks.length + 512;
}

/** Form posts (sign-ups, gated downloads) one client address may make to one page per window (decisions.md). */
export const FORM_POSTS_PER_WINDOW = 10;
export const FORM_WINDOW_SECONDS = 600;

/**
 * The public site's use cases, each a query or command of the context that owns it: show a live page (pages)
 * and count the view (analytics), follow a tracked link and count the click, sign up to a newsletter and
 * unlock a gated download (both capture a contact: audience).
 */
@Injectable()
export class LiveSite {
  /**
   * The live pages (and the redirects of given-up slugs) by slug, dropped as they change (site/infrastructure's
   * listener drives it; docs/adr/0092, 0042).
   */
  readonly pages: LivePageCache<LiveRoute>;
  /** the verified custom domains by hostname, dropped as they change (the same listener drives it) */
  readonly domains: LivePageCache<ServedSite>;
  /** what the interface keeps beside a page (its rendered document), in bytes; set by the routes */
  private alongside: (page: LivePageView) => number = () => 0;
  /** the keyed name of a client address in the form posts' window (never the address, nor a bare hash of it) */
  private readonly formClients: FormClientKey;

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly windows: WindowCounter,
    private readonly outage: DatabaseOutage,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    keyring: Keyring,
  ) {
    this.formClients = new FormClientKey(keyring);
    this.pages = new LivePageCache((slug) => this.load(slug), {
      maxBytes: config.site.cacheMaxBytes,
      sizeOf: (route) => (isMoved(route) ? MOVED_BYTES : pageBytes(route) + this.alongside(route)),
      unavailable: isDatabaseUnavailable,
      databaseDown: () => this.outage.isDown,
    });
    this.domains = new LivePageCache((hostname) => this.loadDomain(hostname), {
      maxBytes: config.site.cacheMaxBytes,
      sizeOf: () => SERVED_BYTES,
      unavailable: isDatabaseUnavailable,
      databaseDown: () => this.outage.isDown,
    });
  }

  private async loadDomain(hostname: string): Promise<ServedSite | null> {
    const served = await this.queries.execute(new FindServedDomainQuery(hostname));
    if (!served) return null;
    try {
      const page = await this.queries.execute(new GetPageQuery(served.workspaceId, served.pageId));
      return { ...served, slug: page.slug };
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }

  /** The verified custom domain at `hostname` (lower case, no port), or null; from memory while the cache holds it. */
  served(hostname: string): Promise<ServedSite | null> {
    return this.domains.get(hostname);
  }

  /**
   * The live page a verified domain shows, or null (not published, or gone). Its slug may have moved since the
   * domain was looked up: the redirect is followed, and the domain looked up again next time.
   */
  async domainPage(site: ServedSite): Promise<LivePageView | null> {
    let route = await this.route(site.slug);
    if (route && isMoved(route)) {
      this.domains.changed(site.hostname);
      route = await this.route(route.movedTo);
    }
    return route && !isMoved(route) && route.id === site.pageId ? route : null;
  }

  /**
   * The routes keep a page's rendered document beside it: `weigh` renders it (on the page's load) and says what it
   * weighs, so that the cache's byte bound covers it (docs/adr/0037).
   */
  keepBeside(weigh: (page: LivePageView) => number): void {
    this.alongside = weigh;
  }

  /** Whether the database is known to be unreachable now (an outage is under way). */
  get databaseDown(): boolean {
    return this.outage.isDown;
  }

  /** Whether `err` means the database is unreachable (the outage is then logged once, not per request). */
  unavailable(err: unknown): boolean {
    return this.outage.failed('live site', err);
  }

  private async load(slug: string): Promise<LiveRoute | null> {
    try {
      // The live page first (the common case, one round trip); a miss may be a slug a live page gave up.
      const page = await this.queries.execute(new GetLivePageQuery(slug));
      const route: LiveRoute | null = page ? await this.withDomain(page) : await this.queries.execute(new GetMovedSlugQuery(slug));
      this.outage.reachable('live site');
      return route;
    } catch (err) {
      this.outage.failed('live site', err);
      throw err;
    }
  }

  /** The page with the verified custom domain it lives at, if any. */
  private async withDomain(page: PageSnapshot): Promise<LivePageView> {
    const hosts = await this.queries.execute(new PageHostnamesQuery(page.workspaceId, [page.id]));
    const customHost = hosts.get(page.id);
    return customHost ? { ...page, customHost } : page;
  }

  /**
   * Counts a form post of `clientAddress` to `page` in the shared window (every process counts in PostgreSQL);
   * past FORM_POSTS_PER_WINDOW in FORM_WINDOW_SECONDS it is refused. The address is kept only as a keyed hash
   * (FormClientKey: an HMAC under a key derived from the master key; docs/adr/0063).
   */
  admitFormPost(page: LivePageView, clientAddress: string): Promise<WindowVerdict> {
    const client = this.formClients.of(clientAddress);
    return this.windows.hit(page.workspaceId, `form:${page.id}:${client}`, FORM_POSTS_PER_WINDOW, FORM_WINDOW_SECONDS);
  }

  /** The live page at `slug` (null when there is none, or the slug only redirects), from memory while the cache holds it. */
  async page(slug: string): Promise<LivePageView | null> {
    const route = await this.route(slug);
    return route && !isMoved(route) ? route : null;
  }

  /**
   * What `slug` shows: its live page, the redirect of a slug a live page gave up (until its reservation ends, on
   * the service's clock), or null. From memory while the cache holds it.
   */
  async route(slug: string): Promise<LiveRoute | null> {
    // Longer than any slug can be: no page, and nothing to look up or remember.
    if (slug.length > SLUG_MAX) return null;
    const route = await this.pages.get(slug);
    // A kept redirect may outlive its reservation by the cache's recheck interval: it ends on time all the same.
    if (route && isMoved(route) && route.until.getTime() <= this.clock.now().getTime()) return null;
    return route;
  }

  /**
   * The page a preview link names, with its current draft's blocks; null for a token that is not a valid, unexpired
   * one or a page that is gone or archived. Never cached (the draft changes), never counted as a view.
   */
  preview(token: string): Promise<LivePageView | null> {
    return this.queries.execute(new GetDraftPreviewQuery(token));
  }

  /** Counts a view of `page`, unless `request` is not one a person made or its address is past its limit (analytics decides). */
  async view(page: LivePageView, visitor: VisitorInfo, request: ViewRequest): Promise<void> {
    await this.commands.execute(new RecordViewCommand({ ...visitor, workspaceId: page.workspaceId, pageId: page.id }, request));
  }

  /** The target of a block's tracked link (its kind's link field), after recording the click; null when there is none. */
  async click(page: LivePageView, blockId: string, visitor: VisitorInfo): Promise<string | null> {
    const block = page.blocks.find((b) => b.id === blockId);
    const target = block?.link;
    if (!block || !target) return null;
    await this.commands.execute(
      new RecordClickCommand(
        { ...visitor, workspaceId: page.workspaceId, pageId: page.id },
        { blockId: block.id, label: block.label, url: target },
      ),
    );
    return target;
  }

  block(page: LivePageView, blockId: string, kind: LiveBlockView['kind']): LiveBlockView | null {
    return page.blocks.find((b) => b.id === blockId && b.kind === kind) ?? null;
  }

  /** Captures a contact from a form block (ValidationError on a bad address); a repeat is not a duplicate. */
  async capture(
    page: LivePageView,
    block: LiveBlockView,
    source: 'NEWSLETTER' | 'GATED_DOWNLOAD',
    email: string,
    name: string | undefined,
  ): Promise<void> {
    await this.commands.execute(new CaptureContactCommand(page.workspaceId, email, name, source, page.id, block.id));
  }
}
