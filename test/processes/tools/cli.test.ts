import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { cli } from '../../support/cli.js';
import { OwnerNotifier, EndpointRepository } from '../../../src/webhooks/application/ports/webhook.ports.js';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../../src/webhooks/application/webhook-events.js';
import { Endpoint } from '../../../src/webhooks/domain/endpoint.js';
import { SecretCipher } from '../../../src/platform/crypto/secret-cipher.js';
import { Keyring } from '../../../src/platform/config/keyring.js';
import { SCOPES } from '../../../src/access/domain/scope.js';
import { newSigningSecret } from '../../../src/webhooks/infrastructure/webhook-signing.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk, type Json } from '../../support/api-calls.js';
import { TestDnsServer } from '../../support/dns-server.js';

/**
 * `--help` and `--version` answer from the parsed arguments alone: the application's modules are never loaded
 * (each module the process resolves is written down by a resolve hook), and a database that cannot be reached
 * does not matter.
 */
describe('the operator CLI before it loads the application', () => {
  const run = (args: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'bp-cli-load-'));
    const hook = join(dir, 'hook.mjs');
    const log = join(dir, 'loaded.log');
    writeFileSync(
      hook,
      `import { registerHooks } from 'node:module';
       import { appendFileSync } from 'node:fs';
       registerHooks({ resolve(specifier, context, next) {
         const r = next(specifier, context);
         appendFileSync(${JSON.stringify(log)}, r.url + '\\n');
         return r;
       } });`,
    );
    try {
      const res = spawnSync(process.execPath, ['--import', hook, 'dist/cli.js', ...args], {
        env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nowhere', DATA_DIR: join(dir, 'data') },
        encoding: 'utf8',
      });
      return { code: res.status, stdout: res.stdout, stderr: res.stderr, loaded: readFileSync(log, 'utf8').trim().split('\n') };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const application = (loaded: string[]) =>
    loaded.filter((url) =>
      /@nestjs\/|@mikro-orm\/|\/pg\/|\/dist\/(app\.module|bootstrap|http-app)\.js$|\/(application|infrastructure)\//.test(url),
    );

  it('prints the package version', () => {
    const { code, stdout, loaded } = run(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(loaded).toContain(new URL('../../../dist/cli.js', import.meta.url).href);
    expect(application(loaded)).toEqual([]);
  });

  it.each([[['--help']], [['key', 'create', '--help']], [['help', 'workspace']], [['domain', 'verify', '--help']]])(
    'prints help for %j',
    (args) => {
      const { code, stdout, loaded } = run(args);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage: bio-page /);
      expect(application(loaded)).toEqual([]);
    },
  );

  it('loads the application only for a command (which then fails on the unreachable database, in one line)', () => {
    const { code, stdout, stderr, loaded } = run(['key', 'list', '--workspace', 'ws_x']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    // The database it uses first (issue 39), then the error.
    expect(stderr).toMatch(/^Using PostgreSQL at 127\.0\.0\.1:1\/nowhere\nerror: .*ECONNREFUSED/);
    expect(application(loaded)).toEqual(expect.arrayContaining([expect.stringContaining('@nestjs/core')]));
  });

  it('lists every scope by name in the help of key create', () => {
    const { stdout } = run(['key', 'create', '--help']);
    expect(SCOPES).toHaveLength(12);
    for (const scope of SCOPES) expect(stdout.replace(/\s+/g, ' ')).toContain(scope);
  });
});

describe('the operator CLI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates a workspace, issues keys that work against the API, lists and revokes them', async () => {
    const ws = await cli(t, ['workspace', 'create', '--name', 'Studio', '--plan', 'creator']);
    expect(ws.code).toBe(0);
    expect(ws.json).toMatchObject({ id: expect.stringMatching(/^ws_/), name: 'Studio', plan: 'creator' });

    const key = await cli(t, ['key', 'create', '--workspace', ws.json.id, '--scopes', 'contacts:read,files:read']);
    expect(key.code).toBe(0);
    expect(key.json).toMatchObject({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^bp_live_[0-9A-Za-z]{40}$/),
      scopes: ['contacts:read', 'files:read'],
      mode: 'live',
    });
    expect((await t.inject({ method: 'GET', url: '/v1/contacts', headers: { 'x-api-key': key.json.key } })).statusCode).toBe(200);

    const list = await cli(t, ['key', 'list', '--workspace', ws.json.id]);
    expect(list.json).toEqual([expect.objectContaining({ id: key.json.id, prefix: key.json.key.slice(0, 20) })]);
    expect(list.stdout).not.toContain(key.json.key); // the secret is printed once, at creation

    const revoked = await cli(t, ['key', 'revoke', key.json.id]);
    expect(revoked.json).toMatchObject({ id: key.json.id, revoked_at: expect.stringMatching(/Z$/) });
    expect((await t.inject({ method: 'GET', url: '/v1/contacts', headers: { 'x-api-key': key.json.key } })).statusCode).toBe(401);

    const plan = await cli(t, ['workspace', 'set-plan', ws.json.id, 'free']);
    expect(plan.json).toMatchObject({ id: ws.json.id, plan: 'free' });
  });

  it('issues test-mode keys and already-expired keys', async () => {
    const ws = (await cli(t, ['workspace', 'create', '--name', 'Keys'])).json;
    expect(ws.plan).toBe('pro');
    const test = await cli(t, ['key', 'create', '--workspace', ws.id, '--mode', 'test']);
    expect(test.json.key).toMatch(/^bp_test_/);
    expect(test.json.scopes).toEqual([...SCOPES]);
    const past = await cli(t, ['key', 'create', '--workspace', ws.id, '--expires-at', '2020-01-01T00:00:00Z']);
    expect(past.code).toBe(0);
    const res = await t.inject({ method: 'GET', url: '/v1/files', headers: { 'x-api-key': past.json.key } });
    expect(res.json().code).toBe('invalid_api_key');
  });

  it('adds a file, stores its bytes behind the storage port and serves them at public_path', async () => {
    const ws = (await cli(t, ['workspace', 'create', '--name', 'Files'])).json;
    const dir = mkdtempSync(join(tmpdir(), 'bp-cli-'));
    const path = join(dir, 'guide.pdf');
    writeFileSync(path, Buffer.from('%PDF-1.4 fake but bytes'));
    const added = await cli(t, ['file', 'add', '--workspace', ws.id, path, '--name', 'Free guide.pdf']);
    expect(added.code).toBe(0);
    expect(added.json).toMatchObject({
      name: 'Free guide.pdf',
      mime_type: 'application/pdf',
      size_bytes: 23,
      public_path: expect.stringMatching(/^\/files\/file_\w+\/Free%20guide\.pdf$/),
    });
    const served = await t.inject({ method: 'GET', url: added.json.public_path });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('%PDF-1.4 fake but bytes');
    rmSync(dir, { recursive: true, force: true });
  });

  it('captures a contact with its contact.created outbox row, and records and refunds sales with sale.* rows', async () => {
    const ws = (await cli(t, ['workspace', 'create', '--name', 'Audience'])).json;
    const contact = await cli(t, [
      'contact',
      'capture',
      '--workspace',
      ws.id,
      '--email',
      'fan@example.com',
      '--name',
      'Fan',
      '--source',
      'NEWSLETTER',
    ]);
    expect(contact.json).toMatchObject({
      id: expect.stringMatching(/^ctc_/),
      email: 'fan@example.com',
      source: 'NEWSLETTER',
      source_block_id: null,
    });
    const dflt = await cli(t, ['contact', 'capture', '--workspace', ws.id, '--email', 'b@example.com']);
    expect(dflt.json.source).toBe('FORM');

    const sale = await cli(t, [
      'sale',
      'record',
      '--workspace',
      ws.id,
      '--kind',
      'TIP',
      '--gross',
      '500',
      '--currency',
      'usd',
      '--email',
      'fan@example.com',
    ]);
    expect(sale.json).toMatchObject({ kind: 'TIP', gross_amount_cents: 500, net_amount_cents: 500, currency: 'usd', refunded_at: null });
    const refund = await cli(t, ['sale', 'refund', sale.json.id]);
    expect(refund.json).toMatchObject({ id: sale.json.id, refunded_at: expect.stringMatching(/Z$/) });

    const types = (await t.sql<{ type: string }>(`SELECT type FROM outbox WHERE workspace_id = $1 ORDER BY seq`, [ws.id])).map(
      (r) => r.type,
    );
    expect(types).toEqual(['contact.created', 'contact.created', 'sale.paid', 'sale.refunded']);
  });

  it.each([
    [['workspace', 'create', '--name', 'X', '--plan', 'gold']],
    [['workspace', 'set-plan', 'ws_x', 'gold']],
    [['key', 'create']],
    [['key', 'create', '--workspace', 'ws_nope']],
    [['key', 'create', '--workspace', 'ws_nope', '--expires-at', 'tomorrow']],
    [['key', 'revoke', 'key_nope']],
    [['sale', 'record', '--workspace', 'ws_x', '--kind', 'TIP', '--gross', '12.5', '--currency', 'usd', '--email', 'a@b.io']],
    [['sale', 'refund', 'sale_nope']],
    [['contact', 'capture', '--workspace', 'ws_x', '--email', 'a@b.io', '--source', 'SPAM']],
    [['contact', 'capture', '--workspace', 'ws_x', '--email', 'a@b.io', '--page', 'pg_of_someone_else']],
    [['file', 'add', '--workspace', 'ws_x', '/definitely/not/here']],
    [['domain', 'list', '--workspace', 'ws_nope']],
    [['domain', 'list', '--workspace', 'ws_x', '--limit', '0']],
    [['domain', 'verify', 'dom_x']],
    [['frobnicate']],
    [[]],
  ])('exits non-zero with a one-line error for %j', async (args) => {
    const res = await cli(t, args);
    expect(res.code).not.toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^error: /);
  });

  it('refuses to capture a contact for a page of another workspace', async () => {
    const ws = (await cli(t, ['workspace', 'create', '--name', 'A'])).json;
    const res = await cli(t, ['contact', 'capture', '--workspace', ws.id, '--email', 'a@b.io', '--page', 'pg_123', '--block', 'blk_1']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/No such page or block in this workspace/);
  });

  describe('on custom domains, against a real DNS server (DNS_RESOLVERS)', () => {
    const dns = new TestDnsServer();
    let resolvers: Record<string, string>;
    let ws: string;
    let pending: Json;
    let other: Json;
    beforeAll(async () => {
      await dns.start();
      resolvers = { DNS_RESOLVERS: dns.resolvers, DNS_TIMEOUT_MS: '1000' };
      const tenant = await aTenant(t.commands);
      ws = tenant.workspace.id;
      const api = apiOk(t, tenant.auth);
      const page = await aLivePage(api, 'On my own domain', []);
      pending = await api('POST', '/v1/domains', { hostname: 'links.cli.example', page_id: page.id });
      other = await api('POST', '/v1/domains', { hostname: 'shop.cli.example', page_id: page.id });
    });
    afterAll(() => dns.stop());

    it('lists the workspace’s domains, newest first, a page at a time', async () => {
      const list = await cli(t, ['domain', 'list', '--workspace', ws], resolvers);
      expect([list.code, list.stderr]).toEqual([0, '']);
      expect(list.json).toEqual([
        expect.objectContaining({ id: other.id, hostname: 'shop.cli.example', status: 'pending' }),
        expect.objectContaining({
          id: pending.id,
          hostname: 'links.cli.example',
          page_id: pending.page_id,
          status: 'pending',
          verification: { type: 'TXT', name: '_bio-page.links.cli.example', value: pending.verification.value },
          verified_at: null,
          next_check_at: expect.stringMatching(/Z$/),
        }),
      ]);

      const first = await cli(t, ['domain', 'list', '--workspace', ws, '--limit', '1']);
      expect(first.json.map((d: Json) => d.id)).toEqual([other.id]);
      const [, cursor] = /^1 domains printed, newest first; there are more: --after (\S+)\n$/.exec(first.stderr) ?? [];
      expect(cursor).toBeDefined();
      const second = await cli(t, ['domain', 'list', '--workspace', ws, '--limit', '1', '--after', cursor!]);
      expect([second.code, second.stderr, second.json.map((d: Json) => d.id)]).toEqual([0, '', [pending.id]]);

      const foreign = await cli(t, ['domain', 'list', '--workspace', ws, '--after', 'not-a-cursor']);
      expect([foreign.code, foreign.stdout]).toEqual([2, '']);
      expect(foreign.stderr).toBe('error: --after must be a cursor printed by a previous `domain list` of this workspace\n');
    });

    it('verifies a domain now: pending while its TXT record is missing, verified once it is there', async () => {
      const missing = await cli(t, ['domain', 'verify', pending.id, '--workspace', ws], resolvers);
      expect(missing.code).toBe(0);
      expect(missing.json).toMatchObject({
        id: pending.id,
        status: 'pending',
        verified_at: null,
        last_checked_at: expect.stringMatching(/Z$/),
      });
      expect(missing.stderr).toBe(
        `links.cli.example is pending: the TXT record _bio-page.links.cli.example = "${pending.verification.value}" was not found\n`,
      );

      dns.set('_bio-page.links.cli.example', { txt: [pending.verification.value] });
      const found = await cli(t, ['domain', 'verify', pending.id, '--workspace', ws], resolvers);
      expect([found.code, found.stderr]).toEqual([0, '']);
      expect(found.json).toMatchObject({
        id: pending.id,
        hostname: 'links.cli.example',
        status: 'verified',
        verified_at: expect.stringMatching(/Z$/),
      });

      const list = await cli(t, ['domain', 'list', '--workspace', ws]);
      expect(list.json.find((d: Json) => d.id === pending.id)).toMatchObject({ status: 'verified', verified_at: found.json.verified_at });
      const types = (
        await t.sql<{ type: string }>(`SELECT type FROM outbox WHERE workspace_id = $1 AND type LIKE 'domain.%' ORDER BY seq`, [ws])
      ).map((r) => r.type);
      expect(types).toEqual(['domain.verified']);
    });

    it('says in one line, exit status 2, when the domain is unknown or the DNS gives no answer (and changes nothing)', async () => {
      const unknown = await cli(t, ['domain', 'verify', 'dom_nope', '--workspace', ws], resolvers);
      expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([2, '', 'error: resource_not_found: No such domain.\n']);
      const elsewhere = await cli(t, ['domain', 'verify', other.id, '--workspace', 'ws_someone_else'], resolvers);
      expect([elsewhere.code, elsewhere.stderr]).toEqual([2, 'error: resource_not_found: No such domain.\n']);

      dns.set('_bio-page.shop.cli.example', 'servfail');
      const down = await cli(t, ['domain', 'verify', other.id, '--workspace', ws], resolvers);
      expect([down.code, down.stdout]).toEqual([2, '']);
      expect(down.stderr).toMatch(/^error: service_unavailable: The DNS servers gave no answer for the TXT record \(\w+\)\.\n$/);
      const [row] = await t.sql<{ last_checked_at: Date | null }>(`SELECT last_checked_at FROM custom_domains WHERE id = $1`, [other.id]);
      expect(row!.last_checked_at).toBeNull();
    });
  });

  it('lists the notifications recorded for a workspace owner', async () => {
    const ws = (await cli(t, ['workspace', 'create', '--name', 'Owner'])).json;
    expect((await cli(t, ['notification', 'list', '--workspace', ws.id])).json).toEqual([]);
    const at = new Date('2026-11-22T10:00:00.000Z');
    await t.app.get(OwnerNotifier).endpointDisabled({
      type: 'EndpointAutoDisabled',
      endpointId: 'we_x',
      workspaceId: ws.id,
      url: 'https://hooks.example.com/in',
      consecutiveFailures: 20,
      at,
    });
    const res = await cli(t, ['notification', 'list', '--workspace', ws.id]);
    expect(res.code).toBe(0);
    expect(res.json).toEqual([
      {
        id: expect.stringMatching(/^ntf_/),
        kind: 'webhook_endpoint.disabled',
        subject: expect.stringContaining('we_x'),
        data: { endpoint_id: 'we_x', url: 'https://hooks.example.com/in', consecutive_failures: 20, disabled_at: at.toISOString() },
        created_at: at.toISOString(),
      },
    ]);
  });

  it('rotates the master key: `secrets re-encrypt` moves every endpoint secret to the new key, once', async () => {
    const ws = (await cli(t, ['workspace', 'create', '--name', 'Rotation'])).json;
    const endpoints = t.app.get(EndpointRepository);
    const secret = newSigningSecret();
    const id = `we_rot${Date.now()}`;
    await endpoints.insert(
      Endpoint.register({
        id,
        workspaceId: ws.id,
        url: 'https://hooks.example.com/in',
        eventTypes: ['contact.created'],
        subscribable: SUBSCRIBABLE_EVENT_TYPES,
        secretRef: endpoints.seal(id, secret),
        now: new Date(),
      }),
    );
    const oldKey = Buffer.alloc(32, 9);
    const newKey = Buffer.alloc(32, 10);
    const rotated = { SECRET_ENCRYPTION_KEY: newKey.toString('base64'), SECRET_ENCRYPTION_KEY_PREVIOUS: oldKey.toString('base64') };
    const stored = async () =>
      (await t.sql<{ secret_encrypted: string }>(`SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1`, [id]))[0]!
        .secret_encrypted;
    const opensWith = (key: Buffer, sealed: string) => new SecretCipher(new Keyring(key).derive('webhook-secrets')).isCurrent(sealed, id);

    // A second endpoint whose previous secret (kept after a secret rotation) no configured key opens.
    const other = `${id}b`;
    await endpoints.insert(
      Endpoint.register({
        id: other,
        workspaceId: ws.id,
        url: 'https://hooks.example.com/in',
        eventTypes: ['contact.created'],
        subscribable: SUBSCRIBABLE_EVENT_TYPES,
        secretRef: endpoints.seal(other, secret),
        now: new Date(),
      }),
    );
    const stray = new SecretCipher(new Keyring(Buffer.alloc(32, 12)).derive('webhook-secrets')).encrypt(newSigningSecret(), other);
    await t.sql(
      `UPDATE webhook_endpoints SET previous_secret_encrypted = $1, previous_secret_expires_at = now() + interval '1 day' WHERE id = $2`,
      [stray, other],
    );

    const first = await cli(t, ['secrets', 're-encrypt'], rotated);
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({ reencrypted: expect.any(Number), unreadable: [] });
    expect(first.json.reencrypted).toBeGreaterThanOrEqual(2);
    const sealed = await stored();
    expect(opensWith(newKey, sealed)).toBe(true);
    expect(opensWith(oldKey, sealed)).toBe(false);
    expect(new SecretCipher(new Keyring(newKey).derive('webhook-secrets')).decrypt(sealed, id)).toBe(secret);
    const [otherRow] = await t.sql<{
      secret_encrypted: string;
      previous_secret_encrypted: string | null;
      previous_secret_expires_at: Date | null;
    }>(`SELECT secret_encrypted, previous_secret_encrypted, previous_secret_expires_at FROM webhook_endpoints WHERE id = $1`, [other]);
    expect(new SecretCipher(new Keyring(newKey).derive('webhook-secrets')).decrypt(otherRow!.secret_encrypted, other)).toBe(secret);
    expect(otherRow).toMatchObject({ previous_secret_encrypted: null, previous_secret_expires_at: null });

    expect((await cli(t, ['secrets', 're-encrypt'], rotated)).json).toMatchObject({ reencrypted: 0, unreadable: [] });
    // A key that opens nothing: the endpoint is reported, nothing is rewritten.
    const lost = await cli(t, ['secrets', 're-encrypt'], { SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 11).toString('base64') });
    expect(lost.json.unreadable).toContain(id);
    expect(await stored()).toBe(sealed);
  });
});
