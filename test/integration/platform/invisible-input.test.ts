import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddFileCommand } from '../../../src/files/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiCall, apiOk, type Json } from '../../support/api-calls.js';
import { cli } from '../../support/cli.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { png } from '../../support/png.js';

/**
 * Input nobody can see (decisions "Fourth round", docs/adr/0061): NUL, control, bidirectional-formatting and
 * zero-width characters in the live site's forms and in the API's text fields are a 400 (the form's HTML page on
 * the site, problem+json on the API), never a 500, and nothing is stored. An upload's name takes the extension
 * of the type its bytes are.
 */
const INVISIBLE: [string, string][] = [
  ['NUL', '\u0000'],
  ['a C0 control (BEL)', '\u0007'],
  ['a C1 control (NEL)', '\u0085'],
  ['a right-to-left override', '\u202E'],
  ['a left-to-right isolate', '\u2066'],
  ['a right-to-left mark', '\u200F'],
  ['a zero-width space', '\u200B'],
  ['a zero-width joiner between letters', '\u200D'],
  ['a zero-width no-break space (BOM)', '\uFEFF'],
  ['a word joiner', '\u2060'],
];

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n%%EOF\n',
);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);

describe('input nobody can see', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const api = (method: string, url: string, body?: unknown) => apiOk(t, tenant.auth)(method, url, body);
  const call = (method: string, url: string, body?: unknown) => apiCall(t, tenant.auth)(method, url, body);
  let visitor = 0;
  /** A form post from a visitor of its own address (the per-address limit on form posts stays out of the way). */
  const post = (url: string, payload: string) =>
    t.inject({
      method: 'POST',
      url,
      remoteAddress: `198.51.100.${++visitor}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const form = (url: string, fields: Record<string, string>) => post(url, new URLSearchParams(fields).toString());
  const stored = async () => {
    const [row] = await t.sql<{ contacts: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM contacts WHERE workspace_id = $1) AS contacts,
              (SELECT count(*)::int FROM outbox WHERE workspace_id = $1 AND type = 'contact.created') AS events`,
      [tenant.workspace.id],
    );
    return row!;
  };
  const expectFormRefused = (res: Awaited<ReturnType<typeof post>>, what: string) => {
    expect([what, res.statusCode, res.headers['content-type']]).toEqual([what, 400, 'text/html; charset=utf-8']);
    expect(res.body).toMatch(/role="alert"/);
  };

  it('answers the newsletter form 400 with its HTML page for such an address or name, and stores nothing', async () => {
    const page = await aLivePage(api, 'Letters', [{ kind: 'NEWSLETTER', data: { title: 'Letters' } }]);
    const url = `/p/${page.slug}/subscribe/${page.draft.blocks[0].id}`;
    const before = await stored();

    // Exactly as measured on main: a percent-encoded NUL in the address was PostgreSQL's 22021 and a 500.
    expectFormRefused(await post(url, 'email=a%00b@example.com'), 'a%00b');
    for (const [what, c] of INVISIBLE) {
      expectFormRefused(await form(url, { email: `a${c}b@example.com` }), `address with ${what}`);
      expectFormRefused(await form(url, { email: `${c}reader@example.com` }), `address starting with ${what}`);
      const named = await form(url, { email: 'named@example.com', name: `Ada${c}Lovelace` });
      expectFormRefused(named, `name with ${what}`);
      expect(named.body).toContain('The name must not contain');
      // The page shows the values again without the character that made them invalid.
      if (c !== '\u0000') expect(named.body).not.toContain(c);
      expect(named.body).toContain('value="AdaLovelace"');
    }
    expect(await stored()).toEqual(before);

    // What writing needs stays: a ZWJ between emoji in a name.
    expect((await form(url, { email: 'coder@example.com', name: 'Ada 👩‍💻' })).statusCode).toBe(303);
    const [row] = await t.sql<{ name: string }>('SELECT name FROM contacts WHERE workspace_id = $1 AND email = $2', [
      tenant.workspace.id,
      'coder@example.com',
    ]);
    expect(row?.name).toBe('Ada 👩‍💻');
  });

  it('answers the gated download 400 with its HTML page for such an address, and stores nothing', async () => {
    const file = await t.commands.execute(new AddFileCommand(tenant.workspace.id, 'guide.pdf', 'application/pdf', PDF));
    const page = await aLivePage(api, 'Gated', [{ kind: 'FILE', file_url: file.public_path, data: { title: 'Guide', gated: true } }]);
    const url = `/p/${page.slug}/d/${page.draft.blocks[0].id}`;
    const before = await stored();
    expectFormRefused(await post(url, 'email=lead%00@example.com'), 'NUL');
    for (const [what, c] of INVISIBLE) expectFormRefused(await form(url, { email: `le${c}ad@example.com` }), what);
    expect(await stored()).toEqual(before);
  });

  it('refuses them in the API’s text fields with 400 invalid_request naming the field, and stores nothing', async () => {
    const pages = async () =>
      (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM pages WHERE workspace_id = $1', [tenant.workspace.id]))[0]!.n;
    const expectRefused = async (res: Awaited<ReturnType<typeof call>>, pointer: string, what: string) => {
      expect([what, pointer, res.statusCode, res.headers['content-type']]).toEqual([
        what,
        pointer,
        400,
        expect.stringMatching(/^application\/problem\+json/),
      ]);
      const body = res.json() as { code: string; errors: { pointer?: string; parameter?: string; detail: string }[] };
      expect([what, body.code, body.errors[0]?.pointer ?? body.errors[0]?.parameter]).toEqual([what, 'invalid_request', pointer]);
      expect(body.errors[0]!.detail).toMatch(/must not contain/);
    };
    const page = await api('POST', '/v1/pages', { title: 'Visible' });
    const block = await api('POST', `/v1/pages/${page.id}/blocks`, {
      expected_updated_at: page.draft.updated_at,
      kind: 'HEADER',
      data: { text: 'Hello' },
    });
    const stamp = block.draft.updated_at as string;
    const blockId = block.draft.blocks[0].id as string;
    const before = await pages();
    for (const [what, c] of INVISIBLE) {
      await expectRefused(await call('POST', '/v1/pages', { title: `My${c}page` }), '/title', what);
      await expectRefused(await call('POST', '/v1/pages', { title: 'ok', description: `a${c}b` }), '/description', what);
      await expectRefused(await call('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: stamp, title: `x${c}` }), '/title', what);
      await expectRefused(
        await call('PATCH', `/v1/pages/${page.id}`, {
          expected_updated_at: stamp,
          block_updates: [{ block_id: blockId, data: { text: `x${c}y` } }],
        }),
        '/block_updates/0/data/text',
        what,
      );
      for (const [kind, data, pointer] of [
        ['TEXT', { text: `two${c}lines` }, '/data/text'],
        ['LINK', { url: 'https://example.com/', title: `Sh${c}op` }, '/data/title'],
        ['NEWSLETTER', { button_label: `Join${c}` }, '/data/button_label'],
      ] as const) {
        await expectRefused(
          await call('POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: stamp, kind, data }),
          pointer,
          `${kind} ${what}`,
        );
      }
      await expectRefused(await call('GET', `/v1/pages?after=abc${encodeURIComponent(c)}`), 'after', what);
    }
    // A line break is a control character in a title, not in a description or a TEXT block.
    await expectRefused(await call('POST', '/v1/pages', { title: 'two\nlines' }), '/title', 'LF in a title');
    await expectRefused(
      await call('POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: stamp, kind: 'HEADER', data: { text: 'a\tb' } }),
      '/data/text',
      'TAB in a header',
    );
    expect(await pages()).toBe(before);
    const unchanged = await api('GET', `/v1/pages/${page.id}`);
    expect([unchanged.title, unchanged.draft.updated_at, unchanged.draft.blocks.length]).toEqual(['Visible', stamp, 1]);

    // What writing needs stays as it was sent.
    const emoji = await api('POST', '/v1/pages', { title: 'Coding 👩‍💻 with 🏳️‍🌈', description: 'Line one\nLine two' });
    expect([emoji.title, emoji.description]).toEqual(['Coding 👩‍💻 with 🏳️‍🌈', 'Line one\nLine two']);
    const persian = await api('POST', `/v1/pages/${emoji.id}/blocks`, {
      expected_updated_at: emoji.draft.updated_at,
      kind: 'TEXT',
      data: { text: 'می‌خواهم\r\nsecond line' },
    });
    expect(persian.draft.blocks[0].data.text).toBe('می‌خواهم\r\nsecond line');
  });

  describe('uploads', () => {
    const upload = (filename: string, type: string, data: Buffer, extended = false) => {
      const boundary = `----bp${Math.random().toString(36).slice(2)}`;
      const name = extended ? `filename*=UTF-8''${encodeURIComponent(filename)}` : `filename="${filename}"`;
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${name}\r\nContent-Type: ${type}\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.inject({
        method: 'POST',
        url: '/v1/files',
        headers: { ...tenant.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };

    it('stores and serves an upload under the extension of its sniffed type', async () => {
      const cases: [string, string, Buffer, string][] = [
        ['x.html', 'image/png', png(), 'x.png'],
        ['report', 'application/pdf', PDF, 'report.pdf'],
        ['photo.jpeg', 'image/jpeg', JPEG, 'photo.jpeg'],
        ['scan.PDF', 'application/pdf', PDF, 'scan.PDF'],
        ['cat.gif.exe', 'image/png', png(), 'cat.gif.png'],
      ];
      for (const [filename, type, bytes, expected] of cases) {
        const res = await upload(filename, type, bytes);
        expect([filename, res.statusCode]).toEqual([filename, 201]);
        const file = res.json() as Json;
        expect([filename, file.name, file.mime_type]).toEqual([filename, expected, type]);
        expect(file.public_path).toBe(`/files/${file.id}/${encodeURIComponent(expected)}`);
        const [row] = await t.sql<{ name: string }>('SELECT name FROM files WHERE id = $1', [file.id]);
        expect(row?.name).toBe(expected);
        const served = await t.inject({ method: 'GET', url: file.public_path });
        expect([served.statusCode, served.headers['content-type']]).toEqual([200, type]);
        expect(served.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(expected)}`);
      }
    });

    it('cleans an upload name of bidirectional and zero-width characters (a name is cleaned, not refused)', async () => {
      const res = await upload('invoice\u202Efdp.exe\u200B', 'application/pdf', PDF, true);
      expect(res.statusCode).toBe(201);
      expect((res.json() as Json).name).toBe('invoicefdp.pdf');
      const emoji = await upload('team 👩‍💻.png', 'image/png', png(), true);
      expect((emoji.json() as Json).name).toBe('team 👩‍💻.png');
    });

    it('CLI `file add` names a file after its sniffed type, and refuses an invisible character in --name', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'bp-invisible-'));
      try {
        const path = join(dir, 'x.html');
        writeFileSync(path, png());
        const added = await cli(t, ['file', 'add', '--workspace', tenant.workspace.id, path]);
        expect([added.code, added.json?.name, added.json?.mime_type]).toEqual([0, 'x.png', 'image/png']);
        expect((await t.inject({ method: 'GET', url: added.json.public_path })).headers['content-type']).toBe('image/png');
        const text = join(dir, 'notes.txt');
        writeFileSync(text, 'plain words');
        const plain = await cli(t, ['file', 'add', '--workspace', tenant.workspace.id, text]);
        expect([plain.code, plain.json?.name, plain.json?.mime_type]).toEqual([0, 'notes.txt', 'text/plain']);
        const before = await t.sql('SELECT id FROM files WHERE workspace_id = $1', [tenant.workspace.id]);
        const hidden = await cli(t, ['file', 'add', '--workspace', tenant.workspace.id, path, '--name', 'cv\u202Efdp.png']);
        expect(hidden.code).not.toBe(0);
        expect(hidden.stderr).toMatch(/file name must not contain/);
        expect(await t.sql('SELECT id FROM files WHERE workspace_id = $1', [tenant.workspace.id])).toHaveLength(before.length);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
