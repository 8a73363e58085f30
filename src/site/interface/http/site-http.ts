import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { renderNoticePage, renderNotFoundPage } from './render/live-page.js';
import type { LivePageView, LiveSite } from '../../application/live-site.js';

/** What the live site's routes share: HTML replies, form bodies, redirect targets and the fixed pages. */

/** Security headers for every HTML document of the site: no scripts at all, inline styles only. */
const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** `extra` headers replace the common ones of the same name (a preview's stricter `referrer-policy`). */
export function html(
  reply: FastifyReply,
  status: number,
  body: string | Buffer,
  cache = 'no-cache',
  extra: Record<string, string> = {},
): FastifyReply {
  return reply
    .status(status)
    .headers({ ...HTML_HEADERS, 'cache-control': cache, ...extra })
    .send(body);
}

/** What a draft preview adds (docs/adr/0043): never indexed, never stored by any cache, its URL never sent on. */
export const PREVIEW_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};
export const PREVIEW_CACHE = 'private, no-store';

export type FormBody = Record<string, string | undefined>;

/** A form post parsed by the urlencoded parser; anything else is treated as an empty form. */
export function form(req: FastifyRequest): FormBody {
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
export function location(url: string | null | undefined): string | null {
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

export { matches } from '../../../platform/http/conditional.js';

/** The 404 page never changes: encoded once (scans for random slugs are answered from memory). */
let notFoundPage: Buffer | undefined;
export const notFound = () => (notFoundPage ??= Buffer.from(renderNotFoundPage()));

/** The page a visitor gets while the database is unreachable and the page asked for is not in memory. */
let unavailablePage: Buffer | undefined;
export const unavailable = () =>
  (unavailablePage ??= Buffer.from(
    renderNoticePage('This page will be back in a moment', 'We can’t show it right now. Please try again in a few seconds.'),
  ));
/** Seconds a visitor (or a CDN) is asked to wait before trying again during an outage. */
export const RETRY_AFTER_SECONDS = '5';

export type Params = { slug: string; block_id: string };

/** A transparent 1×1 GIF, the CDN beacon's answer. */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export class NotFound extends DomainError {
  constructor() {
    super('resource_not_found', 'No such live page.');
  }
}

/** The live page at `slug`, or the site's 404 (thrown, for the error handler). */
export async function livePage(site: LiveSite, slug: string): Promise<LivePageView> {
  const page = await site.page(slug);
  if (!page) throw new NotFound();
  return page;
}
