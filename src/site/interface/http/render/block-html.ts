import { embedProvider } from '../../../../pages/index.js';
import { html, SafeHtml, safeUrl } from './html.js';
import type { LiveBlockView, PageToRender } from './live-page.view.js';
import { networkIcon, socialLabel } from './social-icons.js';

/** One block of a live page, as HTML, by its kind. */

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

function money(cents: unknown, currency: unknown, locale: string): string | undefined {
  if (typeof cents !== 'number' || typeof currency !== 'string') return undefined;
  try {
    return new Intl.NumberFormat(locale || 'en', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function block(b: LiveBlockView, view: PageToRender): SafeHtml {
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
    case 'SOCIAL':
      return socialRow([b]);
    case 'EMBED': {
      // A card, never the provider's player: the page loads nothing from their host (no iframe, script or image).
      const provider = safeUrl(d.url) ? embedProvider(String(d.url)) : undefined;
      return provider
        ? html`<a class="card" href="${view.links.click(b.id)}">${str(d.title) ?? b.label}<small>On ${provider}</small></a>`
        : html``;
    }
    case 'NEWSLETTER': {
      const values = view.formValues?.blockId === b.id ? view.formValues : undefined;
      const title = str(d.title) ?? 'Newsletter';
      const honeypot = html`<input id="website-${b.id}" name="website" type="text" tabindex="-1" autocomplete="off">`;
      const notice = view.notice?.blockId === b.id ? view.notice : undefined;
      const head = html`<section class="card" id="block-${b.id}" aria-labelledby="h-${b.id}"><h2 id="h-${b.id}">${title}</h2>${
        str(d.description) ? html`<p class="muted">${d.description}</p>` : ''
      }`;
      // After a sign-up the confirmation takes the form's place, where the redirect's #block-<id> lands; a refused
      // sign-up's answer is scrolled to its block by the fragment in the form's action.
      if (notice?.kind === 'success') return html`${head}\n<div class="notice success" role="status">${notice.text}</div></section>`;
      const action = `${view.links.subscribe(b.id)}#block-${b.id}`;
      return html`${head}${notice ? html`\n<div class="notice error" role="alert">${notice.text}</div>` : ''}
${view.mode === 'preview' ? html`<form><fieldset disabled>` : html`<form method="post" action="${action}">`}
<label for="email-${b.id}">E-mail</label><input id="email-${b.id}" name="email" type="email" required autocomplete="email" maxlength="254"
 value="${values?.email ?? ''}">
<label for="name-${b.id}">Name (optional)</label><input id="name-${b.id}" name="name" type="text" autocomplete="name" maxlength="200"
 value="${values?.name ?? ''}">
<div class="hp" aria-hidden="true"><label for="website-${b.id}">Leave this empty</label>${honeypot}</div>
<button type="submit">${str(d.button_label) ?? 'Subscribe'}</button>
${view.mode === 'preview' ? html`</fieldset>` : ''}</form></section>`;
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

/**
 * SOCIAL blocks as a row of icon links (docs/adr/0072): one list item per profile, each link named by its network
 * and handle, its icon hidden from assistive technology. The live page puts consecutive SOCIAL blocks in one row.
 */
export function socialRow(blocks: LiveBlockView[]): SafeHtml {
  const links = blocks.flatMap((b) => {
    const target = safeUrl(b.data.url);
    if (!target) return [];
    const platform = String(b.data.platform);
    const label = socialLabel(platform, target);
    return [
      html`<li><a href="${target}" rel="noopener noreferrer me" aria-label="${label}" title="${label}">${networkIcon(platform)}</a></li>`,
    ];
  });
  return links.length ? html`<ul class="social">${links}</ul>` : html``;
}
