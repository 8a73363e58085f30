import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { certificateCheck, DomainChecker } from '../../../src/custom-domains/index.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiCall, apiOk, type Json } from '../../support/api-calls.js';
import { TestDnsServer } from '../../support/dns-server.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const DAY = 24 * 3600_000;

/**
 * Custom domains end to end (operations 26–31, docs/adr/0094) on the real app: TXT records answered by a real DNS
 * server on loopback (DNS_RESOLVERS), events delivered to a real HTTPS receiver and listed by GET /v1/events, and the
 * live site answering by Host. "The clock moved" is the domain's recorded instants moved back by as much: the checker
 * then decides on the service's own clock as it would that much later.
 */
describe('custom domains', () => {
  let t: TestApp;
  const dns = new TestDnsServer();
  const rx = new HttpsReceiver();
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  let api: ReturnType<typeof apiOk>;
  let call: ReturnType<typeof apiCall>;
  let page: Json;
  let linkId: string;
  let letterId: string;

  beforeAll(async () => {
    await dns.start();
    await rx.start();
    t = await startTestApp({
      runWorkers: true,
      env: {
        DNS_RESOLVERS: dns.resolvers,
        DNS_TIMEOUT_MS: '500',
        WEBHOOK_ALLOWED_TARGETS: rx.target,
        PUBLIC_SITE_URL: 'http://bio.example.net/p',
        RATE_LIMIT_BURST_REQUESTS: '100000',
      },
    });
    tenant = await aTenant(t.commands);
    api = apiOk(t, tenant.auth);
    call = apiCall(t, tenant.auth);
    await api('POST', '/v1/webhook-endpoints', { url: rx.url('/domains'), event_types: ['domain.verified', 'domain.verification_failed'] });
    page = await aLivePage(api, 'Ada on her own domain', [
      { kind: 'LINK', data: { url: 'https://shop.example.com/ada', title: 'Shop' } },
      { kind: 'NEWSLETTER', data: { title: 'Letters' } },
    ]);
    [linkId, letterId] = (page.draft.blocks as Json[]).map((b) => b.id as string) as [string, string];
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rx.close();
    await dns.stop();
  });

  const checker = () => t.app.get(DomainChecker);
  /** Makes the domain due now, with its recorded instants moved `ms` into the past, and runs the checker's turn. */
  const checkLater = async (id: string, ms = 0) => {
    await t.sql(
      `UPDATE custom_domains SET next_check_at = now() - interval '1 second',
         pending_since = pending_since - $2 * interval '1 millisecond', missing_since = missing_since - $2 * interval '1 millisecond'
       WHERE id = $1`,
      [id, ms],
    );
    while ((await checker().checkDue()) > 0);
    return api('GET', `/v1/domains/${id}`);
  };
  const onHost = (host: string, method: 'GET' | 'POST', url: string, form?: Record<string, string>) =>
    t.inject({
      method,
      url,
      headers: { host, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
  const eventsOf = (type: string) =>
    rx
      .at('/domains')
      .map((r) => JSON.parse(r.body) as Json)
      .filter((e) => e.type === type);
  const listedTypes = async () => ((await api('GET', '/v1/events?limit=100')).data as Json[]).map((e) => e.type as string);
  const waitUntil = async (what: string, check: () => Promise<boolean>, ms = 15_000) => {
    for (const until = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 50)))
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
  };

  it('refuses hostnames that cannot be a creator’s, every error of the body at once', async () => {
    const cases = [
      '192.0.2.1',
      '[2001:db8::1]',
      'localhost',
      'links',
      '*.example.com',
      `${'a'.repeat(60)}.`.repeat(5) + 'com',
      'bio.example.net',
    ];
    for (const hostname of cases) {
      const res = await call('POST', '/v1/domains', { hostname, page_id: page.id });
      expect([hostname, res.statusCode, res.json().code, res.json().errors[0].pointer]).toEqual([
        hostname,
        400,
        'invalid_request',
        '/hostname',
      ]);
    }
    const both = await call('POST', '/v1/domains', { hostname: 'localhost', page_id: 'pg_nope' });
    expect((both.json().errors as Json[]).map((e) => e.pointer)).toEqual(['/hostname', '/page_id']);
    const testKey = await aKey(t.commands, tenant.workspace.id, { mode: 'test' });
    const asTest = await apiCall(t, { authorization: `Bearer ${testKey.key}` })('POST', '/v1/domains', {
      hostname: 'a.example.com',
      page_id: page.id,
    });
    expect([asTest.statusCode, asTest.json().code]).toEqual([403, 'test_key_read_only']);
  });

  it('holds each plan to its limit: creator 1, pro 3', async () => {
    const creator = await aTenant(t.commands, 'creator');
    const own = await aLivePage(apiOk(t, creator.auth), 'Creator page', []);
    const claim = (hostname: string) => apiCall(t, creator.auth)('POST', '/v1/domains', { hostname, page_id: own.id });
    expect((await claim('one.creator.example')).statusCode).toBe(201);
    const second = await claim('two.creator.example');
    expect([second.statusCode, second.json().code]).toEqual([403, 'plan_limit']);
    const pro = await aTenant(t.commands, 'pro');
    const proPage = await aLivePage(apiOk(t, pro.auth), 'Pro page', []);
    const statuses = [];
    for (const h of ['a.pro.example', 'b.pro.example', 'c.pro.example', 'd.pro.example'])
      statuses.push((await apiCall(t, pro.auth)('POST', '/v1/domains', { hostname: h, page_id: proPage.id })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 403]);
  });

  let domain: Json;

  it('claims a hostname pending, normalised, with the TXT record to create; verifies it when the record appears', async () => {
    const res = await call('POST', '/v1/domains', { hostname: 'Links.Example.COM.', page_id: page.id });
    expect(res.statusCode).toBe(201);
    domain = res.json();
    expect(res.headers.location).toBe(`/v1/domains/${domain.id}`);
    expect(domain).toMatchObject({ hostname: 'links.example.com', page_id: page.id, status: 'pending', verified_at: null });
    expect(domain.verification).toEqual({
      type: 'TXT',
      name: '_bio-page.links.example.com',
      value: expect.stringMatching(/^bio-page-verify=/),
    });
    // Not there yet: checked, still pending, and not served.
    expect((await checkLater(domain.id)).status).toBe('pending');
    expect((await onHost('links.example.com', 'GET', '/')).statusCode).toBe(404);
    expect(await certificateCheck(t.queries)(new URLSearchParams({ domain: 'links.example.com' }))).toEqual({
      status: 404,
      text: 'not a verified domain',
    });

    dns.set('_bio-page.links.example.com', { txt: ['v=spf1 -all', domain.verification.value] });
    const verified = await checkLater(domain.id);
    expect(verified).toMatchObject({ status: 'verified', verified_at: expect.any(String) });
    await rx.waitFor(() => eventsOf('domain.verified').length === 1);
    expect(eventsOf('domain.verified')[0]!.data.domain).toMatchObject({ id: domain.id, status: 'verified' });
    await waitUntil('domain.verified listed', async () => (await listedTypes()).includes('domain.verified'));
    expect(await certificateCheck(t.queries)(new URLSearchParams({ domain: 'LINKS.example.com.' }))).toEqual({ status: 200, text: 'ok' });
  });

  it('serves the page on the verified Host: the page at /, a counted redirect, a sign-up stored; nothing else there', async () => {
    await waitUntil('the page served', async () => (await onHost('links.example.com', 'GET', '/')).statusCode === 200);
    const views = async () => (await api('GET', '/v1/analytics/summary?range_days=7')).totals.views as number;
    const before = await views();
    const home = await onHost('links.example.com', 'GET', '/');
    expect(await views()).toBe(before + 1);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['content-security-policy']).toContain("default-src 'none'");
    expect(home.body).toContain('Ada on her own domain');
    expect(home.body).toContain(`href="/r/${linkId}"`);
    expect(home.body).toContain('<link rel="canonical" href="https://links.example.com/">');
    expect((await t.inject({ method: 'HEAD', url: '/', headers: { host: 'links.example.com' } })).statusCode).toBe(200);

    const click = await onHost('links.example.com', 'GET', `/r/${linkId}`);
    expect([click.statusCode, click.headers.location]).toEqual([302, 'https://shop.example.com/ada']);
    const top = (await api('GET', '/v1/analytics/summary?range_days=7')).top_links as Json[];
    expect(top).toContainEqual(expect.objectContaining({ url: 'https://shop.example.com/ada', clicks: 1 }));

    const signUp = await onHost('links.example.com', 'POST', `/subscribe/${letterId}`, { email: 'reader@example.org', name: 'Reader' });
    expect([signUp.statusCode, signUp.headers.location]).toEqual([303, `/?subscribed=${letterId}#block-${letterId}`]);
    const contacts = (await api('GET', '/v1/contacts')).data as Json[];
    expect(contacts).toContainEqual(
      expect.objectContaining({ email: 'reader@example.org', source: 'NEWSLETTER', source_block_id: letterId }),
    );

    for (const path of ['/v1/pages', '/docs', `/p/${page.slug}`, '/r/blk_nope', '/anything']) {
      // (t.app.inject: the contract check holds /v1 paths to problem+json, which a custom domain's host never answers)
      const res = await t.app.inject({ method: 'GET', url: path, headers: { host: 'links.example.com' } });
      expect([path, res.statusCode, res.headers['content-type']]).toEqual([path, 404, 'text/html; charset=utf-8']);
    }
  });

  it('moves the page’s public address there: public_url, and /p/<slug> answers 301', async () => {
    expect((await api('GET', `/v1/pages/${page.id}`)).public_url).toBe('https://links.example.com/');
    const listed = ((await api('GET', '/v1/pages')).data as Json[]).find((p) => p.id === page.id)!;
    expect(listed.public_url).toBe('https://links.example.com/');
    const old = await t.inject({ method: 'GET', url: `/p/${page.slug}` });
    expect([old.statusCode, old.headers.location]).toEqual([301, 'https://links.example.com/']);
  });

  it('gives an unknown Host the 404 page at /, and its API paths as usual', async () => {
    const home = await onHost('unknown.example.org', 'GET', '/');
    expect([home.statusCode, home.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    const apiPath = await t.inject({ method: 'GET', url: '/v1/pages', headers: { host: 'unknown.example.org', ...tenant.auth } });
    expect(apiPath.statusCode).toBe(200);
    // The service's own hosts keep the front page.
    expect((await onHost('127.0.0.1', 'GET', '/')).statusCode).toBe(200);
  });

  it('refuses another workspace’s claim of a verified name with 409 domain_taken', async () => {
    const other = await aTenant(t.commands);
    const otherPage = await aLivePage(apiOk(t, other.auth), 'Impostor', []);
    const res = await apiCall(t, other.auth)('POST', '/v1/domains', { hostname: 'links.example.com', page_id: otherPage.id });
    expect([res.statusCode, res.json().code]).toEqual([409, 'domain_taken']);
  });

  it('rides out DNS that gives no answer: nothing moves, and a check-now is 503', async () => {
    dns.set('_bio-page.links.example.com', 'servfail');
    const after = await checkLater(domain.id);
    expect(after).toMatchObject({ status: 'verified' });
    const asked = await call('POST', `/v1/domains/${domain.id}/verify`);
    expect([asked.statusCode, asked.json().code, asked.headers['retry-after']]).toEqual([503, 'service_unavailable', '5']);
    expect((await onHost('links.example.com', 'GET', '/')).statusCode).toBe(200);
  });

  it('keeps serving 3 days after the record goes, then stops, with domain.verification_failed (record_removed)', async () => {
    dns.set('_bio-page.links.example.com', undefined);
    expect((await checkLater(domain.id)).status).toBe('verified');
    expect((await checkLater(domain.id, 2 * DAY)).status).toBe('verified');
    expect((await onHost('links.example.com', 'GET', '/')).statusCode).toBe(200);
    const lost = await checkLater(domain.id, DAY + 1000);
    expect(lost).toMatchObject({ status: 'pending', verified_at: null });
    await rx.waitFor(() => eventsOf('domain.verification_failed').length === 1);
    expect(eventsOf('domain.verification_failed')[0]!.data).toMatchObject({ reason: 'record_removed', domain: { id: domain.id } });
    await waitUntil('the page no longer served', async () => (await onHost('links.example.com', 'GET', '/')).statusCode === 404);
    expect((await api('GET', `/v1/pages/${page.id}`)).public_url).toBe(`http://bio.example.net/p/${page.slug}`);
    expect((await t.inject({ method: 'GET', url: `/p/${page.slug}` })).statusCode).toBe(200);
    await waitUntil('domain.verification_failed listed', async () => (await listedTypes()).includes('domain.verification_failed'));
  });

  it('fails a pending domain when 7 days pass without its record (window_expired); a check-now still verifies it', async () => {
    const res = await call('POST', '/v1/domains', { hostname: 'late.example.com', page_id: page.id });
    const late = res.json() as Json;
    expect((await checkLater(late.id, 7 * DAY)).status).toBe('failed');
    await rx.waitFor(() => eventsOf('domain.verification_failed').some((e) => e.data.domain.id === late.id));
    const failed = eventsOf('domain.verification_failed').find((e) => e.data.domain.id === late.id)!;
    expect(failed.data).toMatchObject({ reason: 'window_expired', domain: { status: 'failed', next_check_at: null } });
    dns.set('_bio-page.late.example.com', { txt: [late.verification.value] });
    const now = await api('POST', `/v1/domains/${late.id}/verify`);
    expect(now.status).toBe('verified');
  });

  it('re-points a domain at another page, lists and removes domains; a removed one is no longer served', async () => {
    const other = await aLivePage(api, 'Second page', [{ kind: 'HEADER', data: { text: 'The other page' } }]);
    const domains = (await api('GET', '/v1/domains')).data as Json[];
    const late = domains.find((d) => d.hostname === 'late.example.com')!;
    expect(domains.map((d) => d.hostname)).toEqual(['late.example.com', 'links.example.com']);
    const moved = await api('PATCH', `/v1/domains/${late.id}`, { page_id: other.id });
    expect(moved.page_id).toBe(other.id);
    await waitUntil('the other page served', async () => (await onHost('late.example.com', 'GET', '/')).body.includes('The other page'));
    const bad = await call('PATCH', `/v1/domains/${late.id}`, { page_id: 'pg_nope' });
    expect([bad.statusCode, bad.json().errors[0].pointer]).toEqual([400, '/page_id']);
    expect((await call('DELETE', `/v1/domains/${late.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/v1/domains/${late.id}`)).statusCode).toBe(404);
    await waitUntil('the removed domain unserved', async () => (await onHost('late.example.com', 'GET', '/')).statusCode === 404);
  });

  it('verifies a name for one workspace only when two claims find their records at once', async () => {
    const claimers = await Promise.all([aTenant(t.commands), aTenant(t.commands)]);
    const claims: Json[] = [];
    for (const c of claimers) {
      const own = await aLivePage(apiOk(t, c.auth), 'Contested', []);
      claims.push(await apiOk(t, c.auth)('POST', '/v1/domains', { hostname: 'contested.example.com', page_id: own.id }));
    }
    // Both proofs in the zone (TXT holds several records), both checked at the same moment.
    dns.set('_bio-page.contested.example.com', { txt: claims.map((c) => c.verification.value as string) });
    const [a, b] = await Promise.all(claims.map((c, i) => apiOk(t, claimers[i]!.auth)('POST', `/v1/domains/${c.id}/verify`)));
    expect([a!.status, b!.status].sort()).toEqual(['pending', 'verified']);
    const verified = await t.sql(
      `SELECT count(*)::int AS n FROM custom_domains WHERE hostname = 'contested.example.com' AND status = 'verified'`,
    );
    expect(verified).toEqual([{ n: 1 }]);
  });

  it('checks again what a checker claimed and never recorded (it stopped mid-check), once its lease has run out', async () => {
    const res = await call('POST', '/v1/domains', { hostname: 'leased.example.com', page_id: page.id });
    const leased = res.json() as Json;
    dns.set('_bio-page.leased.example.com', { txt: [leased.verification.value] });
    // A checker's claim whose checks never came: the row leased 5 minutes ahead, nothing recorded.
    await t.sql(`UPDATE custom_domains SET next_check_at = now() + interval '5 minutes', version = version + 1 WHERE id = $1`, [leased.id]);
    while ((await checker().checkDue()) > 0);
    expect((await api('GET', `/v1/domains/${leased.id}`)).status).toBe('pending');
    // The lease runs out: the next turn takes it and records the check.
    expect((await checkLater(leased.id)).status).toBe('verified');
  });
});
