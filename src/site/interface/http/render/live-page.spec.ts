import { describe, expect, it } from '@jest/globals';
import { escapeHtml, html, safeUrl } from './html.js';
import { renderErrorPage, renderGatePage, renderLivePage, renderNotFoundPage, type LiveBlockView, type PageToRender } from './live-page.js';

const links = {
  click: (id: string) => `/p/s/r/${id}`,
  subscribe: (id: string) => `/p/s/subscribe/${id}`,
  download: (id: string) => `/p/s/d/${id}`,
};
const b = (kind: LiveBlockView['kind'], data: Record<string, unknown>, extra: Partial<LiveBlockView> = {}): LiveBlockView => ({
  id: `blk_${kind.toLowerCase()}`,
  kind,
  data,
  fileUrl: null,
  fileName: null,
  label: kind,
  link: null,
  ...extra,
});
const page = (blocks: LiveBlockView[], extra: Partial<PageToRender> = {}) =>
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
    expect(out).toMatch(/<a href="https:\/\/github.com\/ada" rel="noopener noreferrer me" aria-label="GitHub: ada"[^>]*><svg /);
    expect(out).toContain('€3.00');
    expect(out).toContain('action="/p/s/subscribe/blk_newsletter#block-blk_newsletter"');
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
    const form = [b('NEWSLETTER', {})];
    expect(page(form, { notice: { blockId: 'blk_newsletter', kind: 'success', text: 'Thanks!' } })).toContain(
      'role="status">Thanks!</div>',
    );
    expect(page(form, { notice: { blockId: 'blk_newsletter', kind: 'error', text: 'Bad <e-mail>' } })).toContain(
      'role="alert">Bad &lt;e-mail&gt;</div>',
    );
  });

  it('shows a sign-up’s confirmation inside its own block, in the form’s place, where #block-<id> lands', () => {
    const blocks = [
      b('HEADER', { text: 'Above' }),
      b('NEWSLETTER', { title: 'Letters' }),
      b('NEWSLETTER', { title: 'Other' }, { id: 'blk_other' }),
    ];
    const out = page(blocks, { notice: { blockId: 'blk_newsletter', kind: 'success', text: 'Thanks!' } });
    const own = /<section class="card" id="block-blk_newsletter"[\s\S]*?<\/section>/.exec(out)![0];
    expect(own).toContain('<div class="notice success" role="status">Thanks!</div>');
    expect(own).not.toContain('<form'); // signed up: the form gives way to the confirmation
    expect(out.match(/role="status"/g)).toHaveLength(1); // nowhere else, not above the list
    expect(out.indexOf('role="status"')).toBeGreaterThan(out.indexOf('<ul class="blocks">'));
    expect(/<section class="card" id="block-blk_other"[\s\S]*?<\/section>/.exec(out)![0]).toContain('<form method="post"');
  });

  it('shows a sign-up’s error inside its block, above the form filled in again', () => {
    const out = page([b('HEADER', { text: 'Above' }), b('NEWSLETTER', {})], {
      notice: { blockId: 'blk_newsletter', kind: 'error', text: 'Not an address' },
      formValues: { blockId: 'blk_newsletter', email: 'nope', name: '' },
    });
    const own = /<section class="card" id="block-blk_newsletter"[\s\S]*?<\/section>/.exec(out)![0];
    expect(own).toMatch(/<div class="notice error" role="alert">Not an address<\/div>\n<form method="post"/);
    expect(own).toContain('value="nope"');
    expect(out.match(/role="alert"/g)).toHaveLength(1);
  });
});

describe('SOCIAL blocks', () => {
  const social = (platform: string, url: string, id = `blk_${platform}`) => b('SOCIAL', { platform, url }, { id });

  it('render as one row of icon links, named by network and handle, icons hidden from assistive technology', () => {
    const out = page([
      b('HEADER', { text: 'Find me' }),
      social('github', 'https://github.com/ada'),
      social('instagram', 'https://www.instagram.com/ada.codes/'),
      social('youtube', 'https://www.youtube.com/@ada'),
      social('bluesky', 'https://bsky.app/profile/ada.bsky.social'),
      social('spotify', 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb/discography'),
      b('TEXT', { text: 'after' }),
    ]);
    const rows = out.match(/<ul class="social">[\s\S]*?<\/ul>/g)!;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.match(/<li><a /g)).toHaveLength(5);
    for (const label of ['GitHub: ada', 'Instagram: ada.codes', 'YouTube: @ada', 'Bluesky: ada.bsky.social', 'Spotify'])
      expect(rows[0]).toContain(`aria-label="${label}"`);
    expect(rows[0]!.match(/<svg [^>]*aria-hidden="true" focusable="false"/g)).toHaveLength(5);
    expect(rows[0]).toMatch(/<path d="M12 \.297c-6\.63 0-12 5\.373-12 12/); // GitHub's mark from simple-icons
    expect(out).not.toContain('class="card" href="https://github.com/ada"'); // no longer a full-width text card
    expect(out).not.toMatch(/<script/i);
    expect(out.match(/<style/g)).toHaveLength(1); // the page's own stylesheet only: nothing inline in the icons
  });

  it('uses a generic link icon for a network without one, and a website’s host as its handle', () => {
    const out = page([social('linkedin', 'https://www.linkedin.com/in/ada-l'), social('website', 'https://www.ada.example/')]);
    expect(out).toContain('aria-label="LinkedIn: ada-l"');
    expect(out).toContain('aria-label="Website: ada.example"');
    expect(out.match(/fill="none" stroke="currentColor"/g)).toHaveLength(2);
  });

  it('keeps rows apart when other blocks stand between them, and drops unsafe URLs', () => {
    const out = page([
      social('github', 'https://github.com/ada'),
      b('TEXT', { text: 'between' }),
      social('x', 'https://x.com/ada'),
      social('tiktok', 'javascript:alert(1)'),
    ]);
    expect(out.match(/<ul class="social">/g)).toHaveLength(2);
    expect(out).toContain('aria-label="X: ada"');
    expect(out).not.toContain('javascript:');
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
      expect(out).toContain('<form method="post" action="/p/s/subscribe/blk_newsletter#block-blk_newsletter">');
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

  it('falls back to the first IMAGE block’s file for og:image when the page has no avatar', () => {
    const blocks = [
      b('PRODUCT', { title: 'Zine', price_cents: 100, currency: 'usd' }, { fileUrl: '/files/f0/zine.png' }),
      b('IMAGE', { alt: 'Cover art' }, { id: 'blk_1', fileUrl: '/files/f1/cover.png' }),
      b('IMAGE', { alt: 'Second' }, { id: 'blk_2', fileUrl: '/files/f2/second.png' }),
    ];
    const out = page(blocks, { canonicalUrl: shared.canonicalUrl, filesOrigin: 'https://api.example.com/' });
    expect(out).toContain('<meta property="og:image" content="https://api.example.com/files/f1/cover.png">');
    expect(out).toContain('<meta property="og:image:alt" content="Cover art">');
    expect(out.match(/og:image"/g)).toHaveLength(1);
    // The avatar still comes first.
    expect(page(blocks, { ...shared, filesOrigin: 'https://api.example.com' })).toContain(
      '<meta property="og:image" content="https://bio.example.com/files/f1/me.png">',
    );
    // Without the files' origin a path cannot be made absolute: no og:image rather than a relative one.
    expect(page(blocks, { canonicalUrl: shared.canonicalUrl })).not.toContain('og:image');
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
