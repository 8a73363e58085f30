import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';
import { FlushVisitsCommand } from '../../../src/analytics/index.js';
import { AddFileCommand } from '../../../src/files/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { apiOk } from '../../support/api-calls.js';
import { HttpsReceiver, verifyWith } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { encodePng } from '../../../src/site/interface/http/site-files.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The test installs what it needs: Debian's chromium package, from the distribution's own repository. */
function installChromium(): void {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '-q', 'chromium'], { env, stdio: 'ignore', timeout: 540_000 }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-q'], { env, stdio: 'ignore', timeout: 240_000 });
    install();
  }
}
/** A W×H RGB PNG with a diagonal gradient, so the IMAGE block shows a real workspace file. */
function gradientPng(w: number, h: number): Buffer {
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) rows.set([194 - (x * 80) / w, 55 + (y * 120) / h, 95 + (x * 100) / w], y * (w * 3 + 1) + 1 + x * 3);
  }
  return encodePng(w, h, 3, rows);
}
const PNG = gradientPng(360, 140);

/**
 * The live page in a real browser: headless Chromium (Debian's package, driven by playwright-core) against
 * the app listening on loopback, with the workers running and a real HTTPS webhook receiver.
 */
describe('the live page in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  const rx = new HttpsReceiver();

  beforeAll(async () => {
    if (!existsSync(CHROMIUM) && !process.env.CHROMIUM_PATH) installChromium();
    if (!existsSync(CHROMIUM))
      throw new Error(
        `Chromium not found at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`,
      );
    await rx.start();
    t = await startTestApp({ runWorkers: true, env: { WEBHOOK_ALLOWED_TARGETS: rx.target } });
    await t.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await rx.close();
  });

  it('serves the published snapshot, tracks a click, takes a sign-up, and the API sees it all', async () => {
    const tenant = await aTenant(t.commands);
    const api = apiOk(t, tenant.auth);
    const hook = await api('POST', '/v1/webhook-endpoints', { url: rx.url('/browser'), event_types: ['contact.created'] });
    const image = await t.commands.execute(new AddFileCommand(tenant.workspace.id, 'cover.png', 'image/png', PNG));

    let page = await api('POST', '/v1/pages', {
      title: 'Ada’s corner',
      description: 'Things I make and love.',
      theme_preset_key: 'sunrise',
    });
    const add = async (block: object) => {
      page = await api('POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: page.draft.updated_at, ...block });
    };
    await add({ kind: 'HEADER', data: { text: 'Hello there' } });
    await add({ kind: 'IMAGE', file_url: image.public_path, data: { alt: 'A teal square' } });
    await add({ kind: 'LINK', data: { url: `${origin}/health/live`, title: 'My status page' } });
    await add({ kind: 'TEXT', data: { text: 'Notes on tools, type and small software.\nNew letter every month.' } });
    await add({ kind: 'SOCIAL', data: { platform: 'github', url: 'https://github.com/ada' } });
    await add({ kind: 'SOCIAL', data: { platform: 'linkedin', url: 'https://www.linkedin.com/in/ada' } });
    await add({ kind: 'TIP', data: { title: 'Buy me a coffee', currency: 'eur', suggested_amounts_cents: [300, 500, 1000] } });
    await add({ kind: 'NEWSLETTER', data: { title: 'Letters from Ada', button_label: 'Join' } });
    const published = await api('POST', `/v1/pages/${page.id}/publish`, {});
    page = published.page;
    await add({ kind: 'LINK', data: { url: 'https://example.com/secret', title: 'Draft only secret' } }); // never published
    const publicUrl = `${origin}/p/${page.slug}`;
    expect(page.public_url).toBe(`http://127.0.0.1:3000/p/${page.slug}`); // PUBLIC_SITE_URL of the test config

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const res = await tab.goto(publicUrl);
    expect(res?.status()).toBe(200);
    expect(await tab.title()).toContain('Ada’s corner');
    expect(await tab.getByRole('heading', { level: 1 }).count()).toBe(1); // one h1, exposed as a heading
    expect(await tab.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await tab.locator('h1').innerText()).toBe('Ada’s corner');
    expect(await tab.content()).not.toContain('Draft only secret');
    // The image is `loading="lazy"`: the page's load event does not wait for it, so wait for it to settle (loaded or
    // broken) before reading its size.
    await tab.locator('img[alt="A teal square"]').evaluate(
      (img) =>
        new Promise<void>((settled) => {
          const el = img as unknown as { complete: boolean; addEventListener(type: string, listener: () => void): void };
          if (el.complete) return settled();
          el.addEventListener('load', () => settled());
          el.addEventListener('error', () => settled());
        }),
    );
    expect(
      await tab
        .locator('img[alt="A teal square"]')
        .evaluate(
          (img) =>
            (img as unknown as { complete: boolean; naturalWidth: number }).complete &&
            (img as unknown as { naturalWidth: number }).naturalWidth,
        ),
    ).toBe(360);
    // No avatar: link previews show the first IMAGE block's file, at its absolute address.
    expect(await tab.locator('meta[property="og:image"]').getAttribute('content')).toBe(`http://127.0.0.1:3000${image.public_path}`);
    // The SOCIAL blocks are one row of icon links, each named by its network and handle.
    const github = tab.getByRole('link', { name: 'GitHub: ada' });
    const linkedin = tab.getByRole('link', { name: 'LinkedIn: ada' });
    expect([await github.isVisible(), await linkedin.isVisible()]).toEqual([true, true]);
    const [g, l] = [(await github.boundingBox())!, (await linkedin.boundingBox())!];
    expect(Math.abs(g.y - l.y)).toBeLessThan(1); // side by side, not stacked cards
    expect(g.width).toBeLessThan(60);
    expect(await github.locator('svg').getAttribute('aria-hidden')).toBe('true');
    // No accessibility violation at all (axe-core, injected past the page's script-free CSP through the debugger).
    await tab.evaluate(AXE);
    const violations = (await tab.evaluate(
      `axe.run().then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
    )) as string[];
    expect(violations).toEqual([]);
    if (process.env.UPDATE_SCREENSHOT) {
      mkdirSync('docs', { recursive: true });
      await tab.screenshot({ path: 'docs/live-page.png', fullPage: true });
    }

    // The link goes through the tracked redirect to its target (opened in a new tab, like a visitor would).
    const [target] = await Promise.all([
      context.waitForEvent('page'),
      tab.getByRole('link', { name: /My status page/ }).click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await target.waitForLoadState();
    expect(target.url()).toBe(`${origin}/health/live`);

    // A sign-up the server refuses (the browser's own check switched off): the error is shown in the form's block,
    // on the phone's screen, where the form's #block-<id> lands.
    const newsletter = page.draft.blocks.find((b: { kind: string }) => b.kind === 'NEWSLETTER');
    await tab.locator('form').evaluateAll((forms) => forms.forEach((f) => ((f as unknown as { noValidate: boolean }).noValidate = true)));
    await tab.getByLabel(/e-?mail/i).fill('not an address');
    await tab.getByRole('button', { name: 'Join' }).click();
    await tab.waitForURL(/\/subscribe\//);
    const refused = tab.getByRole('alert');
    expect(await refused.evaluate((el) => el.closest('section')?.id)).toBe(`block-${newsletter.id}`);
    // The error and the form to correct it, both on the phone's screen.
    for (const shown of [refused, tab.getByRole('button', { name: 'Join' })]) {
      const box = (await shown.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }

    // Sign up to the newsletter; the confirmation is shown on the page.
    await tab.getByLabel(/e-?mail/i).fill('reader@example.com');
    await tab.getByRole('button', { name: 'Join' }).click();
    await tab.waitForURL(/subscribed=/);
    const notice = tab.getByRole('status');
    expect(await notice.innerText()).toMatch(/thanks/i);
    // Where the redirect's #block-<id> lands: inside the form's block, and on the phone's screen.
    expect(await notice.evaluate((el) => el.closest('section')?.id)).toBe(`block-${newsletter.id}`);
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await context.close();

    // The public API saw it all.
    const summary = await api('GET', '/v1/analytics/summary?range_days=7');
    expect(summary.totals).toEqual({ views: 1, clicks: 1, unique_visitors: 1, ctr_percent: 100 });
    expect(summary.top_links).toEqual([{ label: 'My status page', url: `${origin}/health/live`, clicks: 1, page_title: 'Ada’s corner' }]);
    const contacts = await api('GET', '/v1/contacts');
    const newsletterBlock = page.draft.blocks.find((b: { kind: string }) => b.kind === 'NEWSLETTER');
    expect(contacts.data).toEqual([
      expect.objectContaining({ email: 'reader@example.com', source: 'NEWSLETTER', source_block_id: newsletterBlock.id }),
    ]);
    await rx.waitFor((r) => r.some((x) => x.path === '/browser' && JSON.parse(x.body).type === 'contact.created'));
    const delivered = rx.at('/browser').find((x) => JSON.parse(x.body).type === 'contact.created')!;
    expect((verifyWith(hook.secret, delivered) as { data: { contact: { email: string } } }).data.contact.email).toBe('reader@example.com');
  }, 60_000);

  it('opens a preview link: the newest draft with its banner, no script, no tracked link, disabled forms, no view', async () => {
    const tenant = await aTenant(t.commands);
    const api = apiOk(t, tenant.auth);
    let page = await api('POST', '/v1/pages', { title: 'Grace’s drafts', theme_preset_key: 'forest' });
    const add = async (block: object) => {
      page = await api('POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: page.draft.updated_at, ...block });
    };
    await add({ kind: 'HEADER', data: { text: 'Published words' } });
    page = (await api('POST', `/v1/pages/${page.id}/publish`, {})).page;
    const link = await api('POST', `/v1/pages/${page.id}/preview-links`, { expires_in: 600 });
    // Edited after the link was made: the link shows this newest draft.
    await add({ kind: 'LINK', data: { url: `${origin}/health/live`, title: 'Draft-only status link' } });
    await add({ kind: 'NEWSLETTER', data: { title: 'Draft letters', button_label: 'Join the draft' } });
    const views = async () => {
      expect(await t.commands.execute(new FlushVisitsCommand())).toBe(true);
      return (await api('GET', '/v1/analytics/summary?range_days=7')).totals.views as number;
    };

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    expect((await tab.goto(`${origin}/p/${page.slug}`))?.status()).toBe(200); // one counted view of the live page
    const before = await views();
    expect(before).toBe(1);

    const res = await tab.goto(origin + new URL(link.url as string).pathname);
    expect(res?.status()).toBe(200);
    expect(await res!.allHeaders()).toMatchObject({
      'x-robots-tag': 'noindex, nofollow',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
    expect(await tab.locator('.preview-banner').isVisible()).toBe(true);
    expect(await tab.locator('.preview-banner').innerText()).toMatch(/^Preview\b/);
    expect(await tab.getByRole('link', { name: /Draft-only status link/ }).isVisible()).toBe(true);
    expect(await tab.getByText('Published words').isVisible()).toBe(true);
    expect(await tab.locator('script').count()).toBe(0);
    const hrefs = await tab.locator('a[href]').evaluateAll((as) => as.map((a) => (a as unknown as { href: string }).href));
    expect(hrefs).toEqual([`${origin}/health/live`]);
    expect(await tab.getByRole('button', { name: 'Join the draft' }).isDisabled()).toBe(true);
    expect(await tab.getByLabel(/e-?mail/i).isDisabled()).toBe(true);
    // The link goes straight to its target: no tracked redirect, no click counted.
    await tab.getByRole('link', { name: /Draft-only status link/ }).click();
    await tab.waitForURL(`${origin}/health/live`);
    await context.close();

    expect(await views()).toBe(before);
    expect((await api('GET', '/v1/analytics/summary?range_days=7')).totals.clicks).toBe(0);
  }, 60_000);

  it('carries the tags link previews read, the canonical address and the avatar; a moved slug redirects', async () => {
    const tenant = await aTenant(t.commands);
    const api = apiOk(t, tenant.auth);
    const face = await t.commands.execute(new AddFileCommand(tenant.workspace.id, 'face.png', 'image/png', gradientPng(96, 96)));
    const slug = `grace-${Date.now().toString(36)}`;
    let page = await api('POST', '/v1/pages', {
      title: 'Grace’s links',
      description: 'Compilers, talks and a nanosecond of wire.',
      slug: `${slug}-old`,
      avatar_file_id: face.id,
    });
    page = await api('POST', `/v1/pages/${page.id}/blocks`, {
      expected_updated_at: page.draft.updated_at,
      kind: 'LINK',
      data: { url: 'https://example.com/talk', title: 'A talk' },
    });
    page = (await api('POST', `/v1/pages/${page.id}/publish`, {})).page;
    page = await api('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug });
    expect(page.public_url).toBe(`http://127.0.0.1:3000/p/${slug}`);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    // The old address lands on the new one (a 301 the browser follows).
    const res = await tab.goto(`${origin}/p/${slug}-old`);
    expect(res?.status()).toBe(200);
    expect(tab.url()).toBe(`${origin}/p/${slug}`);
    const meta = (selector: string) => tab.locator(selector).getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toBe('Grace’s links');
    expect(await meta('meta[property="og:description"]')).toBe('Compilers, talks and a nanosecond of wire.');
    expect(await meta('meta[property="og:type"]')).toBe('website');
    expect(await meta('meta[property="og:url"]')).toBe(page.public_url);
    expect(await meta('meta[property="og:image"]')).toBe(`http://127.0.0.1:3000${face.public_path}`);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary');
    expect(await tab.locator('link[rel="canonical"]').getAttribute('href')).toBe(page.public_url);
    // The avatar is shown at the top, named by the page's title, and really loads (the strict CSP allows it).
    const avatar = tab.getByRole('img', { name: 'Grace’s links' });
    await avatar.evaluate(
      (img) =>
        new Promise<void>((settled) => {
          const el = img as unknown as { complete: boolean; addEventListener(type: string, listener: () => void): void };
          if (el.complete) return settled();
          el.addEventListener('load', () => settled());
          el.addEventListener('error', () => settled());
        }),
    );
    expect(await avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(96);
    expect(await avatar.evaluate((img) => img.compareDocumentPosition(img.ownerDocument.querySelector('h1')!) & 4)).toBe(4);
    // The browser finds the favicon where it looks for it.
    const icon = await context.request.get(`${origin}/favicon.ico`);
    expect([icon.status(), icon.headers()['content-type']]).toEqual([200, 'image/x-icon']);
    await context.close();
  }, 60_000);
});
