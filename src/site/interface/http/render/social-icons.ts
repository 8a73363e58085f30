import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { html, type SafeHtml } from './html.js';

/**
 * The icons of a SOCIAL block's networks (docs/adr/0072): each one's path from the `simple-icons` package (CC0),
 * read once from its own file when this module loads, so the package's index of 3,470 icons is never loaded. A
 * network without an icon there (LinkedIn is not in the set any more; `website`) gets the generic link icon.
 */

/** A SOCIAL block's `platform` → its name, and its icon's slug in simple-icons (none: the generic link icon). */
export const NETWORKS: Record<string, { name: string; icon?: string }> = {
  instagram: { name: 'Instagram', icon: 'instagram' },
  tiktok: { name: 'TikTok', icon: 'tiktok' },
  youtube: { name: 'YouTube', icon: 'youtube' },
  x: { name: 'X', icon: 'x' },
  facebook: { name: 'Facebook', icon: 'facebook' },
  linkedin: { name: 'LinkedIn' },
  github: { name: 'GitHub', icon: 'github' },
  twitch: { name: 'Twitch', icon: 'twitch' },
  spotify: { name: 'Spotify', icon: 'spotify' },
  threads: { name: 'Threads', icon: 'threads' },
  bluesky: { name: 'Bluesky', icon: 'bluesky' },
  website: { name: 'Website' },
};

/** Only path data is taken from a file: letters of SVG path commands, numbers, separators. */
const PATH_DATA = /^[MmZzLlHhVvCcSsQqTtAaEe0-9.,\s-]+$/;

function iconPath(slug: string): string | undefined {
  try {
    const svg = readFileSync(createRequire(import.meta.url).resolve(`simple-icons/icons/${slug}.svg`), 'utf8');
    const d = /<path d="([^"]+)"/.exec(svg)?.[1];
    return d && PATH_DATA.test(d) ? d : undefined;
  } catch {
    return undefined; // an icon gone from a later release of the package: the generic one instead
  }
}

const PATHS = new Map(
  Object.values(NETWORKS).flatMap(({ icon }) => {
    const d = icon ? iconPath(icon) : undefined;
    return d ? [[icon!, d] as const] : [];
  }),
);

/** Decorative: the link around it carries the name. */
const GENERIC = html`<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor"
 stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M10 14a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.2 1.2"/>
<path d="M14 10a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.2-1.2"/></svg>`;

/** The network's icon as inline SVG, hidden from assistive technology (the link is named by its aria-label). */
export function networkIcon(platform: string): SafeHtml {
  const slug = NETWORKS[platform]?.icon;
  const d = slug ? PATHS.get(slug) : undefined;
  if (!d) return GENERIC;
  return html`<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="currentColor">\
<path d="${d}"/></svg>`;
}

/** Path prefixes after which a profile URL names its handle (`linkedin.com/in/ada`, `bsky.app/profile/ada.bsky.social`). */
const PROFILE_PREFIXES = new Set(['in', 'profile', 'user', 'u', 'c']);

/**
 * The handle a profile URL shows, for the link's accessible name: its one path segment (`github.com/ada`,
 * `tiktok.com/@ada`), the segment after a profile prefix, or a website's host. Nothing when the URL does not read as
 * a handle (a channel id, a playlist).
 */
export function handleOf(platform: string, url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (platform === 'website') return u.hostname.replace(/^www\./, '') || undefined;
  const parts = u.pathname.split('/').filter((p) => p.length > 0);
  const segment = parts.length === 1 ? parts[0] : parts.length === 2 && PROFILE_PREFIXES.has(parts[0]!) ? parts[1] : undefined;
  if (!segment) return undefined;
  let handle: string;
  try {
    handle = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return /^@?[\p{L}\p{N}._-]{1,64}$/u.test(handle) ? handle : undefined;
}

/** The link's accessible name: the network, and the handle when the URL shows one (`GitHub: ada`). */
export function socialLabel(platform: string, url: string): string {
  const name = NETWORKS[platform]?.name ?? 'Website';
  const handle = handleOf(platform, url);
  return handle ? `${name}: ${handle}` : name;
}
