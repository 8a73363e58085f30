/**
 * Which requests for a live page count as a view (decisions.md, "Views are counted honestly"; docs/adr/0037).
 * Every one of them is served; only a person's own load of the page is counted. The rules follow what the
 * analytics people trust do (Plausible, Cloudflare Web Analytics): no HEAD, no prefetch, no subresource load of
 * the page (it embedded elsewhere as an `<img>`, an `<iframe>`…), no self-declared robot, and no more than a
 * person could make.
 */

/** What the site knows of a request for a live page, as far as counting is concerned. */
export interface ViewRequest {
  /** the HTTP method */
  method: string;
  /** `Sec-Purpose`, `Purpose`: a prefetch says so */
  secPurpose?: string;
  purpose?: string;
  /** `Sec-Fetch-Dest`: what the browser loads the response as (`document` for a page load); absent from old clients */
  fetchDest?: string;
  userAgent: string;
}

/** Why a served view was not counted (the metric's label). */
export type UncountedReason = 'head' | 'prefetch' | 'not_document' | 'bot' | 'address_limit';

/** Robots that say what they are: Googlebot, bingbot, AhrefsBot, Applebot, Slackbot-LinkExpanding, Bytespider, Discord's preview… */
const SELF_DECLARED_ROBOT = /bot|crawler|spider|preview/i;

const says = (header: string | undefined, token: string) =>
  header !== undefined &&
  header
    .toLowerCase()
    .split(/[;,]/)
    .some((t) => t.trim() === token);

/** Why this request is not a view, or null when it is one (before the per-address limit). */
export function uncountedReason(req: ViewRequest): Exclude<UncountedReason, 'address_limit'> | null {
  if (req.method.toUpperCase() === 'HEAD') return 'head';
  if (says(req.secPurpose, 'prefetch') || says(req.purpose, 'prefetch')) return 'prefetch';
  if (req.fetchDest !== undefined && req.fetchDest.trim().toLowerCase() !== 'document') return 'not_document';
  if (SELF_DECLARED_ROBOT.test(req.userAgent)) return 'bot';
  return null;
}

/** One client address's views of one page in the current minute. */
export interface AddressWindow {
  /** the minute's start, ms since the epoch */
  start: number;
  /** views counted in it */
  counted: number;
}

export const ADDRESS_WINDOW_MS = 60_000;

/**
 * The per-address limit, as a fixed one-minute window: whether this view counts, and the window after it. A view
 * past `limit` in its window is not counted (and does not extend the window).
 */
export function admitByAddress(window: AddressWindow | undefined, now: number, limit: number): { counted: boolean; window: AddressWindow } {
  const current = window && now - window.start < ADDRESS_WINDOW_MS && now >= window.start ? window : { start: now, counted: 0 };
  if (current.counted >= limit) return { counted: false, window: current };
  return { counted: true, window: { start: current.start, counted: current.counted + 1 } };
}
