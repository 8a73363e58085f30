import { html, SafeHtml, safeUrl } from './html.js';

export type ThemeKey = 'classic' | 'midnight' | 'sunrise' | 'forest' | 'mono';
type Kind = 'LINK' | 'HEADER' | 'TEXT' | 'IMAGE' | 'FILE' | 'CAROUSEL' | 'PRODUCT' | 'VIDEO' | 'SOCIAL' | 'NEWSLETTER' | 'TIP';

export interface LiveBlock {
  id: string;
  kind: Kind;
  data: Record<string, unknown>;
  fileUrl: string | null;
  fileName: string | null;
  label: string;
}

export interface LivePageView {
  title: string;
  description: string;
  locale: string;
  theme: ThemeKey;
  /** the enabled blocks of the published snapshot */
  blocks: LiveBlock[];
  notice?: { kind: 'success' | 'error'; text: string };
  /** re-fills a sign-up form after an error */
  formValues?: { blockId: string; email: string; name: string };
  /** behind a CDN: the uncacheable image that counts the view (docs/adr/0031) */
  beacon?: string;
  links: {
    click(blockId: string): string;
    subscribe(blockId: string): string;
    download(blockId: string): string;
  };
}

/** Theme presets as CSS custom properties: background, surface, text, muted text, accent, text on accent. */
const THEMES: Record<ThemeKey, [string, string, string, string, string, string]> = {
  classic: ['#f6f7f9', '#ffffff', '#1a1d23', '#545b66', '#2350d8', '#ffffff'],
  midnight: ['#0d1326', '#18213d', '#eef1fb', '#b3bcd6', '#8fb0ff', '#0d1326'],
  sunrise: ['#fff4ec', '#ffffff', '#3a1a10', '#6e4536', '#c2375f', '#ffffff'],
  forest: ['#eef5ef', '#ffffff', '#142a1b', '#45604d', '#1f6b3a', '#ffffff'],
  mono: ['#ffffff', '#ffffff', '#000000', '#3d3d3d', '#000000', '#ffffff'],
};

const themeCss = Object.entries(THEMES)
  .map(
    ([k, [bg, card, fg, muted, accent, onAccent]]) =>
      `.t-${k}{--bg:${bg};--card:${card};--fg:${fg};--muted:${muted};--accent:${accent};--on-accent:${onAccent}}`,
  )
  .join('');

const CSS = `${themeCss}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:34rem;margin:0 auto;padding:2rem 1rem 3rem}header{text-align:center;margin-bottom:1.5rem}
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.15rem;margin:1.4rem 0 .4rem;text-align:center}.card h2{margin-top:.2rem}
p{margin:.3rem 0}.muted{color:var(--muted)}
ul.blocks{list-style:none;margin:0;padding:0;display:grid;gap:.8rem}
.card{display:block;background:var(--card);border:1px solid color-mix(in srgb,var(--fg) 14%,transparent);border-radius:.9rem;
padding:.9rem 1rem;color:inherit;text-decoration:none}
a.card{font-weight:600;text-align:center}a.card:hover{border-color:var(--accent)}
.card small{display:block;font-weight:400;color:var(--muted)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
img{max-width:100%;height:auto;border-radius:.6rem;display:block;margin:0 auto}figure{margin:0}
figcaption{text-align:center;color:var(--muted);font-size:.9rem;margin-top:.3rem}
.strip{display:flex;gap:.6rem;overflow-x:auto;scroll-snap-type:x mandatory}.strip img{flex:0 0 85%;scroll-snap-align:center}
form{display:grid;gap:.5rem}label{font-weight:600;font-size:.9rem}
input{font:inherit;padding:.6rem .7rem;border-radius:.5rem;border:1px solid var(--muted);background:var(--card);color:var(--fg)}
button,.button{font:inherit;font-weight:600;padding:.65rem 1rem;border:0;border-radius:.6rem;background:var(--accent);
color:var(--on-accent);cursor:pointer;text-align:center;text-decoration:none}
.chips{display:flex;flex-wrap:wrap;gap:.4rem;justify-content:center;padding:0;list-style:none}
.chips li{border:1px solid var(--accent);border-radius:1rem;padding:.2rem .7rem}
.notice{border-radius:.6rem;padding:.7rem 1rem;margin-bottom:1rem;font-weight:600}
.notice.success{background:color-mix(in srgb,var(--accent) 16%,var(--card))}.notice.error{background:#fde8e8;color:#7a1010}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.price{font-weight:700}
footer{text-align:center;font-size:.8rem;color:var(--muted);margin-top:2rem}`;

/** The stylesheet is ours and constant: inserted as is (it only must not close the style element). */
const STYLE = new SafeHtml(CSS.replace(/<\//g, '<\\/'));

function document(o: {
  title: string;
  locale: string;
  theme: ThemeKey;
  description?: string;
  robots: 'index' | 'noindex';
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
<style>${STYLE}</style>
</head>
<body class="t-${o.theme}">
<main>
${o.body}
</main>
</body>
</html>
`.value;
}

const PLATFORMS: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  twitch: 'Twitch',
  spotify: 'Spotify',
  threads: 'Threads',
  bluesky: 'Bluesky',
  website: 'Website',
};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

function money(cents: unknown, currency: unknown, locale: string): string | undefined {
  if (typeof cents !== 'number' || typeof currency !== 'string') return undefined;
  try {
    return new Intl.NumberFormat(locale || 'en', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

function block(b: LiveBlock, view: LivePageView): SafeHtml {
  const d = b.data;
  const file = safeUrl(b.fileUrl);
  switch (b.kind) {
    case 'LINK': {
      const target = safeUrl(d.url);
      if (!target) return html``;
      return html`<a class="card" href="${view.links.click(b.id)}">${str(d.title) ?? b.label}${
        str(d.description) ? html`<small>${d.description}</small>` : ''
      }</a>`;
    }
    case 'HEADER':
      return html`<h2>${d.text}</h2>`;
    case 'TEXT':
      return html`<div class="card">${String(d.text ?? '')
        .split(/\r?\n/)
        .map((line, i) => html`${i > 0 ? html`<br>` : ''}${line}`)}</div>`;
    case 'IMAGE': {
      if (!file) return html``;
      const img = html`<img src="${file}" alt="${str(d.alt) ?? str(d.caption) ?? ''}" loading="lazy">`;
      const linked = safeUrl(d.link_url) ? html`<a href="${view.links.click(b.id)}">${img}</a>` : img;
      return html`<figure>${linked}${str(d.caption) ? html`<figcaption>${d.caption}</figcaption>` : ''}</figure>`;
    }
    case 'FILE':
      if (!file) return html``;
      return html`<a class="card" href="${view.links.download(b.id)}">${str(d.title) ?? b.fileName ?? 'Download'}<small>${
        d.gated === true ? 'Free download: enter your e-mail to get it' : 'Download'
      }</small></a>`;
    case 'CAROUSEL': {
      const images = [b.fileUrl, ...(Array.isArray(d.images) ? d.images : [])].map(safeUrl).filter((u): u is string => u !== null);
      if (images.length === 0) return html``;
      const strip = images.map(
        (u, i) => html`<img src="${u}" alt="${`${str(d.title) ?? 'Image'} ${i + 1} of ${images.length}`}" loading="lazy">`,
      );
      return html`<section aria-label="${str(d.title) ?? 'Gallery'}">${
        str(d.title) ? html`<h2>${d.title}</h2>` : ''
      }<div class="strip">${strip}</div></section>`;
    }
    case 'PRODUCT':
      return html`<div class="card">${file ? html`<img src="${file}" alt="" loading="lazy">` : ''}<p><strong>${d.title}</strong></p>${
        str(d.description) ? html`<p class="muted">${d.description}</p>` : ''
      }<p class="price">${money(d.price_cents, d.currency, view.locale)}</p></div>`;
    case 'VIDEO': {
      const target = safeUrl(d.url);
      return target ? html`<a class="card" href="${target}" rel="noopener noreferrer">Watch: ${str(d.title) ?? b.label}</a>` : html``;
    }
    case 'SOCIAL': {
      const target = safeUrl(d.url);
      return target
        ? html`<a class="card" href="${target}" rel="noopener noreferrer me">${PLATFORMS[String(d.platform)] ?? 'Website'}</a>`
        : html``;
    }
    case 'NEWSLETTER': {
      const values = view.formValues?.blockId === b.id ? view.formValues : undefined;
      const title = str(d.title) ?? 'Newsletter';
      const honeypot = html`<input id="website-${b.id}" name="website" type="text" tabindex="-1" autocomplete="off">`;
      return html`<section class="card" id="block-${b.id}" aria-labelledby="h-${b.id}"><h2 id="h-${b.id}">${title}</h2>${
        str(d.description) ? html`<p class="muted">${d.description}</p>` : ''
      }
<form method="post" action="${view.links.subscribe(b.id)}">
<label for="email-${b.id}">E-mail</label><input id="email-${b.id}" name="email" type="email" required autocomplete="email" maxlength="254"
 value="${values?.email ?? ''}">
<label for="name-${b.id}">Name (optional)</label><input id="name-${b.id}" name="name" type="text" autocomplete="name" maxlength="200"
 value="${values?.name ?? ''}">
<div class="hp" aria-hidden="true"><label for="website-${b.id}">Leave this empty</label>${honeypot}</div>
<button type="submit">${str(d.button_label) ?? 'Subscribe'}</button>
</form></section>`;
    }
    case 'TIP': {
      const amounts = Array.isArray(d.suggested_amounts_cents) ? d.suggested_amounts_cents : [];
      return html`<section class="card"><h2>${str(d.title) ?? 'Tip jar'}</h2>${
        amounts.length
          ? html`<ul class="chips">${amounts.map((a) => html`<li>${money(a, d.currency, view.locale)}</li>`)}</ul>`
          : html`<p class="muted">Tips in ${String(d.currency ?? '').toUpperCase()} are welcome.</p>`
      }</section>`;
    }
  }
}

/** The live page: the published snapshot's blocks in the page's theme. */
export function renderLivePage(view: LivePageView): string {
  const notice = view.notice
    ? html`<div class="notice ${view.notice.kind}" role="${view.notice.kind === 'error' ? 'alert' : 'status'}">${view.notice.text}</div>`
    : '';
  return document({
    title: view.title,
    locale: view.locale,
    theme: view.theme,
    description: view.description,
    robots: 'index',
    body: html`<header><h1>${view.title}</h1>${view.description ? html`<p class="muted">${view.description}</p>` : ''}</header>
${notice}
<ul class="blocks">${view.blocks.map((b) => html`<li>${block(b, view)}</li>`)}</ul>${
      view.beacon ? html`\n<img class="hp" src="${view.beacon}" alt="" width="1" height="1">` : ''
    }`,
  });
}

/** Asks for an e-mail address before a gated download. */
export function renderGatePage(v: {
  title: string;
  locale: string;
  theme: ThemeKey;
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
