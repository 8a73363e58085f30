import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AddFileCommand } from '../../../src/files/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk, type Json } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

describe('the live site', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const api = (method: string, url: string, body?: unknown) => apiOk(t, tenant.auth)(method, url, body);
  const form = (url: string, fields: Record<string, string>) =>
    t.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  /** A page with the given blocks, published; returns it with its blocks (ids in order). */
  const livePage = (title: string, blocks: object[], publish = true) => aLivePage(api, title, blocks, { publish });
  const views = async () => (await api('GET', '/v1/analytics/summary?range_days=7')).totals.views as number;

  it('serves the published snapshot as HTML with strict headers, and counts a view', async () => {
    const page = await livePage('Snapshot', [{ kind: 'HEADER', data: { text: 'Published header' } }]);
    await api('POST', `/v1/pages/${page.id}/blocks`, {
      expected_updated_at: page.draft.updated_at,
      kind: 'HEADER',
      data: { text: 'Draft header' },
    });
    const before = await views();
    const res = await t.inject({ method: 'GET', url: `/p/${page.slug}`, headers: { referer: 'https://www.instagram.com/ada' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-request-id']).toBeDefined();
    expect(res.body).toContain('Published header');
    expect(res.body).not.toContain('Draft header');
    expect(await views()).toBe(before + 1);
    expect((await api('GET', '/v1/analytics/summary?range_days=7')).top_referrers).toContainEqual({ label: 'instagram.com', views: 1 });
  });

  it('gives the 404 page for draft, unknown and archived pages, and counts nothing', async () => {
    const draft = await livePage('Only a draft', [], false);
    const archived = await livePage('Gone soon', []);
    await api('POST', `/v1/pages/${archived.id}/archive`, {});
    const before = await views();
    for (const path of [`/p/${draft.slug}`, `/p/${archived.slug}`, '/p/no-such-page', '/p/UPPER', `/p/${'x'.repeat(300)}`]) {
      const res = await t.inject({ method: 'GET', url: path });
      expect([path, res.statusCode, res.headers['content-type']]).toEqual([path, 404, 'text/html; charset=utf-8']);
      expect(res.body).toMatch(/isn’t available/);
    }
    expect(await views()).toBe(before);
  });

  it('redirects a LINK through the tracked redirect and counts the click; other blocks are 404', async () => {
    const page = await livePage('Clicks', [
      { kind: 'LINK', data: { url: 'https://shop.example.com/a', title: 'Shop' } },
      { kind: 'HEADER', data: { text: 'Not a link' } },
    ]);
    const [link, header] = page.draft.blocks;
    const res = await t.inject({ method: 'GET', url: `/p/${page.slug}/r/${link.id}` });
    expect([res.statusCode, res.headers.location]).toEqual([302, 'https://shop.example.com/a']);
    expect((await t.inject({ method: 'GET', url: `/p/${page.slug}/r/${header.id}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/p/${page.slug}/r/blk_nope` })).statusCode).toBe(404);
    const top = (await api('GET', '/v1/analytics/summary?range_days=7')).top_links;
    expect(top).toContainEqual({ label: 'Shop', url: 'https://shop.example.com/a', clicks: 1, page_title: 'Clicks' });
  });

  it('shows an EMBED block as a card of its provider that loads nothing from them, its link tracked and counted', async () => {
    const page = await livePage('Listen', [
      { kind: 'EMBED', data: { url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', title: 'New single' } },
      { kind: 'EMBED', data: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
    ]);
    const [single, video] = page.draft.blocks;
    expect([single.label, video.label]).toEqual(['New single', 'YouTube']);
    const html = (await t.inject({ method: 'GET', url: `/p/${page.slug}` })).body;
    expect(html).toContain(`<a class="card" href="/p/${page.slug}/r/${single.id}">New single<small>On Spotify</small></a>`);
    expect(html).toContain(`<a class="card" href="/p/${page.slug}/r/${video.id}">YouTube<small>On YouTube</small></a>`);
    // No iframe, script or image, and not even a link: the provider's host is only reached through the redirect.
    expect(html).not.toMatch(/spotify\.com|youtu\.be|<iframe|<script/);
    const res = await t.inject({ method: 'GET', url: `/p/${page.slug}/r/${single.id}` });
    expect([res.statusCode, res.headers.location]).toEqual([302, 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC']);
    const top = (await api('GET', '/v1/analytics/summary?range_days=7')).top_links;
    expect(top).toContainEqual({
      label: 'New single',
      url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      clicks: 1,
      page_title: 'Listen',
    });
  });

  it('refuses an EMBED of any other host, or of plain http, at /data/url', async () => {
    const page = await livePage('Embeds', [], false);
    for (const url of [
      'https://example.com/watch?v=1',
      'http://www.youtube.com/watch?v=1',
      'https://youtube.com.evil.example/x',
      'https://evil.example/?u=https://vimeo.com/1',
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: `/v1/pages/${page.id}/blocks`,
        headers: tenant.auth,
        payload: { expected_updated_at: page.draft.updated_at, kind: 'EMBED', data: { url } },
      });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'invalid_request']);
      expect(res.json().errors).toEqual([
        {
          pointer: '/data/url',
          detail: url.startsWith('http:')
            ? 'url must be an absolute https URL without control characters'
            : 'url must link to YouTube, Vimeo, Spotify, SoundCloud, Apple Music',
        },
      ]);
    }
  });

  it('takes a newsletter sign-up once per address (a repeat is not a duplicate), with a friendly error for bad input', async () => {
    const page = await livePage('Letters', [{ kind: 'NEWSLETTER', data: { title: 'Letters' } }]);
    const [nl] = page.draft.blocks;
    const url = `/p/${page.slug}/subscribe/${nl.id}`;
    const ok = await form(url, { email: 'Reader@Example.com', name: 'Reader' });
    expect([ok.statusCode, ok.headers.location]).toEqual([303, `/p/${page.slug}?subscribed=${nl.id}#block-${nl.id}`]);
    expect((await form(url, { email: 'reader@example.com' })).statusCode).toBe(303);
    const contacts = (await api('GET', '/v1/contacts')).data.filter((c: Json) => c.email === 'reader@example.com');
    expect(contacts).toEqual([expect.objectContaining({ source: 'NEWSLETTER', source_block_id: nl.id, name: 'Reader' })]);
    const events = await t.sql(
      `SELECT 1 FROM outbox WHERE type = 'contact.created' AND payload->'data'->'contact'->>'email' = 'reader@example.com'`,
    );
    expect(events).toHaveLength(1);

    const bad = await form(url, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bad.body).toMatch(/role="alert"/);
    expect(bad.body).toContain('value="not-an-email"');
    const empty = await t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"email": 5}' });
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toMatch(/text\/html/);

    const bot = await form(url, { email: 'bot@example.com', website: 'http://spam' });
    expect(bot.statusCode).toBe(303);
    expect((await api('GET', '/v1/contacts')).data.some((c: Json) => c.email === 'bot@example.com')).toBe(false);
    const confirmed = await t.inject({ method: 'GET', url: ok.headers.location as string });
    expect(confirmed.body).toMatch(/role="status">Thanks/);
  });

  it('asks for an e-mail before a gated download, then redirects to the file', async () => {
    const file = await t.commands.execute(
      new AddFileCommand(tenant.workspace.id, 'guide.pdf', 'application/pdf', Buffer.from('%PDF-1.4 guide')),
    );
    const page = await livePage('Downloads', [
      { kind: 'FILE', file_url: file.public_path, data: { title: 'The guide', gated: true } },
      { kind: 'FILE', file_url: file.public_path, data: { title: 'Open file' } },
    ]);
    const [gated, open] = page.draft.blocks;
    const openRes = await t.inject({ method: 'GET', url: `/p/${page.slug}/d/${open.id}` });
    expect([openRes.statusCode, openRes.headers.location]).toEqual([302, file.public_path]);
    const gate = await t.inject({ method: 'GET', url: `/p/${page.slug}/d/${gated.id}` });
    expect(gate.statusCode).toBe(200);
    expect(gate.body).toContain(`action="/p/${page.slug}/d/${gated.id}"`);
    expect((await form(`/p/${page.slug}/d/${gated.id}`, { email: 'nope' })).statusCode).toBe(400);
    const unlocked = await form(`/p/${page.slug}/d/${gated.id}`, { email: 'lead@example.com' });
    expect([unlocked.statusCode, unlocked.headers.location]).toEqual([303, file.public_path]);
    const contacts = (await api('GET', '/v1/contacts')).data.filter((c: Json) => c.email === 'lead@example.com');
    expect(contacts).toEqual([expect.objectContaining({ source: 'GATED_DOWNLOAD', source_block_id: gated.id })]);
  });

  it('keeps refusing form bodies on the API (415)', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/pages',
      headers: { ...tenant.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=x',
    });
    expect([res.statusCode, res.json().code]).toEqual([415, 'unsupported_media_type']);
  });
});
