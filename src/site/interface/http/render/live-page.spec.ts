import { describe, expect, it } from '@jest/globals';
import { escapeHtml, html, safeUrl } from './html.js';
import { renderErrorPage, renderGatePage, renderLivePage, renderNotFoundPage, type LiveBlock, type LivePageView } from './live-page.js';

const links = {
  click: (id: string) => `/p/s/r/${id}`,
  subscribe: (id: string) => `/p/s/subscribe/${id}`,
  download: (id: string) => `/p/s/d/${id}`,
};
const b = (kind: LiveBlock['kind'], data: Record<string, unknown>, extra: Partial<LiveBlock> = {}): LiveBlock => ({
  id: `blk_${kind.toLowerCase()}`,
  kind,
  data,
  fileUrl: null,
  fileName: null,
  label: kind,
  ...extra,
});
const page = (blocks: LiveBlock[], extra: Partial<LivePageView> = {}) =>
  renderLivePage({ title: 'My page', description: 'About me', locale: 'en', theme: 'midnight', blocks, links, ...extra });

describe('escaping', () => {
  it('escapes text and attributes, and refuses unsafe URLs', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
    expect(html`<p title="${'" onmouseover="x'}">${'<script>'}</p>`.value).toBe('<p title="&quot; onmouseover=&quot;x">&lt;script&gt;</p>');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', '/\\evil', 'ftp://x', '', 42, null])
      expect(safeUrl(bad)).toBeNull();
    expect(safeUrl('/files/f/a.png')).toBe('/files/f/a.png');
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
  });

  it('renders hostile data inert', () => {
    const out = page(
      [
        b('LINK', { url: 'javascript:alert(1)', title: 'x' }),
        b('TEXT', { text: '<script>alert(1)</script>' }),
        b('HEADER', { text: '" onmouseover="x' }),
      ],
      { title: '<img src=x onerror=alert(1)>' },
    );
    expect(out).not.toContain('<script>alert');
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('<img src=x');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('the live page', () => {
  it('is a themed, mobile-first document with the title as h1 and the language set', () => {
    const out = page([]);
    expect(out).toMatch(/^<!doctype html>/);
    expect(out).toContain('<html lang="en">');
    expect(out).toContain('name="viewport"');
    expect(out).toContain('<body class="t-midnight">');
    expect(out).toContain('<h1>My page</h1>');
    expect(out).toContain('<meta name="robots" content="index">');
    expect(out).not.toMatch(/<script/i);
  });

  it('renders every block kind', () => {
    const out = page([
      b('LINK', { url: 'https://shop.example.com', title: 'Shop', description: 'Prints' }),
      b('HEADER', { text: 'Section' }),
      b('TEXT', { text: 'line one\nline two' }),
      b('IMAGE', { alt: 'Cover', caption: 'My cover', link_url: 'https://example.com' }, { fileUrl: '/files/f1/cover.png' }),
      b('FILE', { title: 'Guide', gated: true }, { fileUrl: '/files/f2/guide.pdf', fileName: 'guide.pdf' }),
      b('CAROUSEL', { title: 'Work', images: ['/files/f4/b.png'] }, { fileUrl: '/files/f3/a.png' }),
      b('PRODUCT', { title: 'Zine', price_cents: 1250, currency: 'usd' }, { fileUrl: '/files/f5/zine.png' }),
      b('VIDEO', { url: 'https://video.example.com/v/1', title: 'Talk' }),
      b('SOCIAL', { platform: 'github', url: 'https://github.com/ada' }),
      b('NEWSLETTER', { title: 'Letters', button_label: 'Join' }),
      b('TIP', { currency: 'eur', suggested_amounts_cents: [300, 500] }),
    ]);
    expect(out).toContain('href="/p/s/r/blk_link"');
    expect(out).not.toContain('href="https://shop.example.com"'); // links go through the tracked redirect
    expect(out).toContain('<h2>Section</h2>');
    expect(out).toContain('line one<br>line two');
    expect(out).toContain('<img src="/files/f1/cover.png" alt="Cover"');
    expect(out).toContain('href="/p/s/r/blk_image"');
    expect(out).toContain('href="/p/s/d/blk_file"');
    expect(out).toMatch(/enter your e-mail/i);
    expect(out).toContain('src="/files/f3/a.png"');
    expect(out).toContain('src="/files/f4/b.png"');
    expect(out).toContain('$12.50');
    expect(out).toContain('Watch: Talk');
    expect(out).toContain('>GitHub</a>');
    expect(out).toContain('€3.00');
    expect(out).toContain('action="/p/s/subscribe/blk_newsletter"');
  });

  it('gives the newsletter form labels, a required e-mail field and a hidden honeypot', () => {
    const out = page([b('NEWSLETTER', {})], { formValues: { blockId: 'blk_newsletter', email: 'a@"b', name: 'Ada' } });
    expect(out).toContain('<label for="email-blk_newsletter">');
    expect(out).toMatch(/name="email" type="email" required/);
    expect(out).toContain('value="a@&quot;b"');
    expect(out).toMatch(/class="hp" aria-hidden="true">.*name="website" type="text" tabindex="-1"/);
    expect(out).toContain('>Subscribe</button>');
  });

  it('announces notices: success as a status, errors as an alert', () => {
    expect(page([], { notice: { kind: 'success', text: 'Thanks!' } })).toContain('role="status">Thanks!</div>');
    expect(page([], { notice: { kind: 'error', text: 'Bad <e-mail>' } })).toContain('role="alert">Bad &lt;e-mail&gt;</div>');
  });
});

describe('other documents', () => {
  it('renders the gate, 404 and error pages, none of them indexed', () => {
    const gate = renderGatePage({
      title: 'My page',
      locale: 'de',
      theme: 'forest',
      fileTitle: 'Guide',
      action: '/p/s/d/blk_1',
      backUrl: '/p/s',
      error: 'Nope',
      email: 'x@y.z',
    });
    expect(gate).toContain('<html lang="de">');
    expect(gate).toContain('action="/p/s/d/blk_1"');
    expect(gate).toContain('role="alert">Nope');
    for (const doc of [gate, renderNotFoundPage(), renderErrorPage('oops')]) expect(doc).toContain('content="noindex"');
    expect(renderNotFoundPage()).toMatch(/isn’t available/);
  });
});

describe('a draft preview (mode preview)', () => {
  const blocks = [b('LINK', { url: 'https://example.com/a', title: 'A' }), b('NEWSLETTER', { title: 'Letters' })];
  const direct = { ...links, click: () => 'https://example.com/a' };

  it('shows a Preview banner first in main, is not indexed, and keeps the page otherwise as live', () => {
    const out = page(blocks, { mode: 'preview', links: direct });
    expect(out).toContain('<meta name="robots" content="noindex">');
    expect(out).toMatch(/<main>\n<p class="preview-banner" role="note"><strong>Preview<\/strong>/);
    expect(out).toContain('<title>Preview: My page</title>');
    expect(out).toContain('href="https://example.com/a"');
    expect(out).not.toContain('/r/');
  });

  it('shows forms disabled and sending nowhere', () => {
    const out = page(blocks, { mode: 'preview', links: direct });
    expect(out).toMatch(/<form><fieldset disabled>[\s\S]*<button type="submit">Subscribe<\/button>\n<\/fieldset><\/form>/);
    expect(out).not.toMatch(/<form[^>]*(action|method)=/);
    expect(out).not.toContain('/subscribe/');
  });

  it('changes nothing on a live page', () => {
    for (const out of [page(blocks), page(blocks, { mode: 'live' })]) {
      expect(out).toContain('<meta name="robots" content="index">');
      expect(out).not.toContain('class="preview-banner"');
      expect(out).not.toContain('<fieldset');
      expect(out).toContain('<form method="post" action="/p/s/subscribe/blk_newsletter">');
    }
  });

  it('shows the avatar but none of the link-preview tags (a preview is neither indexed nor shared)', () => {
    const shared = {
      canonicalUrl: 'https://bio.example.com/p/ada',
      avatarUrl: '/files/f1/me.png',
      imageUrl: 'https://bio.example.com/f.png',
    };
    const out = page(blocks, { ...shared, mode: 'preview', links: direct });
    expect(out).toContain('<img class="avatar" src="/files/f1/me.png" alt="My page" width="96" height="96">');
    expect(out).not.toContain('rel="canonical"');
    expect(out).not.toMatch(/og:|twitter:/);
  });
});

describe('what link previews read', () => {
  const shared = {
    canonicalUrl: 'https://bio.example.com/p/ada',
    avatarUrl: '/files/f1/me.png',
    imageUrl: 'https://bio.example.com/files/f1/me.png',
  };
  it('carries the canonical link and og/twitter tags, og:image and the avatar only with an avatar', () => {
    const out = page([], shared);
    expect(out).toContain('<link rel="canonical" href="https://bio.example.com/p/ada">');
    expect(out).toContain('<meta property="og:type" content="website">');
    expect(out).toContain('<meta property="og:title" content="My page">');
    expect(out).toContain('<meta property="og:description" content="About me">');
    expect(out).toContain('<meta property="og:url" content="https://bio.example.com/p/ada">');
    expect(out).toContain('<meta property="og:image" content="https://bio.example.com/files/f1/me.png">');
    expect(out).toContain('<meta name="twitter:card" content="summary">');
    expect(out).toContain('<img class="avatar" src="/files/f1/me.png" alt="My page" width="96" height="96">');
    const plain = page([], { canonicalUrl: shared.canonicalUrl, description: '' });
    expect(plain).not.toContain('og:image');
    expect(plain).not.toContain('og:description');
    expect(plain).not.toContain('class="avatar"');
    expect(page([])).not.toContain('og:');
  });

  it('escapes what the page says about itself', () => {
    const out = page([], { ...shared, title: '"><script>x</script>', description: '" onload="x' });
    expect(out).not.toMatch(/<script/i);
    expect(out).toContain('content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(page([], { ...shared, imageUrl: 'javascript:alert(1)', avatarUrl: '//evil.example/x.png' })).not.toMatch(
      /og:image|class="avatar"/,
    );
  });
});
