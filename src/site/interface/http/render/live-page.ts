import { block, socialRow } from './block-html.js';
import { html, safeUrl, type SafeHtml } from './html.js';
import type { LiveBlockView, PageToRender, ThemePresetKey } from './live-page.view.js';
import { STYLE } from './page-style.js';

export type { LiveBlockView, PageToRender, ThemePresetKey } from './live-page.view.js';

function document(o: {
  title: string;
  locale: string;
  theme: ThemePresetKey;
  description?: string;
  robots: 'index' | 'noindex';
  /** above everything else in `main` (a preview's banner) */
  banner?: SafeHtml;
  /** more head elements (a live page's link-preview tags) */
  head?: SafeHtml;
  body: SafeHtml;
}): string {
  return html`<!doctype html>
<html lang="${o.locale || 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${o.robots}">
<title>${o.title}</title>
${o.description ? html`<meta name="description" content="${o.description}">` : ''}
${o.head ?? ''}<style>${STYLE}</style>
</head>
<body class="t-${o.theme}">
<main>
${o.banner ?? ''}${o.body}
</main>
</body>
</html>
`.value;
}

/** What a preview shows above the page, so that nobody takes a draft for the live page. */
const PREVIEW_NOTE = 'a draft, not the live page. Forms are turned off.';
const PREVIEW_BANNER = html`<p class="preview-banner" role="note"><strong>Preview</strong> · ${PREVIEW_NOTE}</p>
`;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/**
 * The image link previews show: the avatar, else the first IMAGE block's file (absolute, under `filesOrigin`), named
 * by the block's alt text or caption. None without either.
 */
function shareImage(view: PageToRender): { url: string; alt: string } | undefined {
  const avatar = safeUrl(view.imageUrl);
  if (avatar) return { url: avatar, alt: view.title };
  for (const b of view.blocks) {
    const file = b.kind === 'IMAGE' ? safeUrl(b.fileUrl) : null;
    if (!file) continue;
    const url = file.startsWith('/') ? (view.filesOrigin ? safeUrl(`${view.filesOrigin.replace(/\/+$/, '')}${file}`) : null) : file;
    if (url) return { url, alt: text(b.data.alt) ?? text(b.data.caption) ?? view.title };
  }
  return undefined;
}

/**
 * What link previews read (Open Graph, Twitter cards) and the canonical address: the page's public_url; og:image
 * the avatar, else the first IMAGE block. Nothing without a canonical address (a page that is not routed).
 */
function shareTags(view: PageToRender): SafeHtml | undefined {
  const url = safeUrl(view.canonicalUrl);
  if (!url) return undefined;
  const image = shareImage(view);
  const tags = [
    html`<link rel="canonical" href="${url}">`,
    html`<meta property="og:type" content="website">`,
    html`<meta property="og:title" content="${view.title}">`,
    view.description ? html`<meta property="og:description" content="${view.description}">` : null,
    html`<meta property="og:url" content="${url}">`,
    image ? html`<meta property="og:image" content="${image.url}">` : null,
    image ? html`<meta property="og:image:alt" content="${image.alt}">` : null,
    html`<meta name="twitter:card" content="summary">`,
  ];
  return html`${tags.filter((t) => t !== null).map((t) => html`${t}\n`)}`;
}

/** The blocks' list items in order; consecutive SOCIAL blocks share one item, a row of icons. */
function items(view: PageToRender): SafeHtml[] {
  const out: SafeHtml[] = [];
  let social: LiveBlockView[] = [];
  const endRow = () => {
    if (social.length) out.push(html`<li>${socialRow(social)}</li>`);
    social = [];
  };
  for (const b of view.blocks) {
    if (b.kind === 'SOCIAL') {
      social.push(b);
      continue;
    }
    endRow();
    out.push(html`<li>${block(b, view)}</li>`);
  }
  endRow();
  return out;
}

/**
 * The live page: the published snapshot's blocks in the page's theme, under the page's avatar when it has one. In
 * `preview` mode a draft's, with the banner and without the link-preview tags (a preview is not indexed or shared).
 */
export function renderLivePage(view: PageToRender): string {
  const url = safeUrl(view.avatarUrl);
  const avatar = url ? html`<img class="avatar" src="${url}" alt="${view.title}" width="96" height="96">` : '';
  const preview = view.mode === 'preview';
  return document({
    title: preview ? `Preview: ${view.title}` : view.title,
    locale: view.locale,
    theme: view.theme,
    description: view.description,
    robots: preview ? 'noindex' : 'index',
    head: preview ? undefined : shareTags(view),
    banner: preview ? PREVIEW_BANNER : undefined,
    body: html`<header>${avatar}<h1>${view.title}</h1>${view.description ? html`<p class="muted">${view.description}</p>` : ''}</header>
<ul class="blocks">${items(view)}</ul>${view.beacon ? html`\n<img class="hp" src="${view.beacon}" alt="" width="1" height="1">` : ''}`,
  });
}

/** Asks for an e-mail address before a gated download. */
export function renderGatePage(v: {
  title: string;
  locale: string;
  theme: ThemePresetKey;
  fileTitle: string;
  action: string;
  backUrl: string;
  error?: string;
  email?: string;
}): string {
  return document({
    title: `${v.fileTitle} · ${v.title}`,
    locale: v.locale,
    theme: v.theme,
    robots: 'noindex',
    body: html`<header><h1>${v.fileTitle}</h1><p class="muted">Enter your e-mail address and the download starts.</p></header>
${v.error ? html`<div class="notice error" role="alert">${v.error}</div>` : ''}
<form class="card" method="post" action="${v.action}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email" maxlength="254"
 value="${v.email ?? ''}">
<button type="submit">Get the download</button>
</form>
<footer><a href="${v.backUrl}">Back to ${v.title}</a></footer>`,
  });
}

export function renderNotFoundPage(): string {
  return document({
    title: 'Page not found',
    locale: 'en',
    theme: 'classic',
    robots: 'noindex',
    body: html`<header><h1>This page isn’t available</h1>
<p class="muted">The link may be broken, or the page is not published.</p></header>`,
  });
}

/** A page that explains why the site would not do what was asked (a refused form post, a limit reached). */
export function renderNoticePage(heading: string, message: string): string {
  return document({
    title: heading,
    locale: 'en',
    theme: 'classic',
    robots: 'noindex',
    body: html`<header><h1>${heading}</h1><p class="muted">${message}</p></header>`,
  });
}

export function renderErrorPage(message: string): string {
  return document({
    title: 'Something went wrong',
    locale: 'en',
    theme: 'classic',
    robots: 'noindex',
    body: html`<header><h1>Something went wrong</h1><p class="muted">${message}</p></header>`,
  });
}
