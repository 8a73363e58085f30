/** What the live site's pages are rendered from: the pages context's kinds, theme keys and blocks, as it exports them. */
import type { LiveBlockView, ThemePresetKey } from '../../../../pages/index.js';

export type { LiveBlockView, ThemePresetKey };

/** A page to render: the live (or previewed) page's fields the site shows, with what the request adds. */
export interface PageToRender {
  title: string;
  description: string;
  locale: string;
  theme: ThemePresetKey;
  /** the page's public_url: the canonical link and og:url (link-preview tags are left out without it) */
  canonicalUrl?: string;
  /** the avatar as an absolute URL, for og:image */
  imageUrl?: string;
  /**
   * where files' paths are served (PUBLIC_API_URL): makes the first IMAGE block's file an absolute og:image when the
   * page has no avatar
   */
  filesOrigin?: string;
  /** the avatar's path on the service, shown at the top of the page */
  avatarUrl?: string;
  /** the enabled blocks of the published snapshot */
  blocks: LiveBlockView[];
  /** a sign-up's outcome, shown inside its NEWSLETTER block (where the redirect's `#block-<id>` lands) */
  notice?: { blockId: string; kind: 'success' | 'error'; text: string };
  /** re-fills a sign-up form after an error */
  formValues?: { blockId: string; email: string; name: string };
  /** behind a CDN: the uncacheable image that counts the view (docs/adr/0031) */
  beacon?: string;
  /**
   * `preview`: a draft opened by its preview link (docs/adr/0043): a Preview banner, not indexed, forms shown
   * disabled (the links then go straight to their targets: `links` says where). `live` when left out.
   */
  mode?: 'live' | 'preview';
  links: {
    click(blockId: string): string;
    subscribe(blockId: string): string;
    download(blockId: string): string;
  };
}
