import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { AddFileCommand } from '../../../src/files/index.js';
import { FileStorage } from '../../../src/files/application/ports/file.ports.js';
import { S3ObjectStorage } from '../../../src/files/infrastructure/s3-object.storage.js';
import { StagedUploadsSweep } from '../../../src/files/infrastructure/staged-uploads.sweep.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk } from '../../support/api-calls.js';
import { TestS3Server } from '../../support/s3-server.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { png } from '../../support/png.js';

type Auth = Record<string, string>;
const MiB = 1024 * 1024;
const LIMIT = 10 * MiB;
/** Room for one upload of the largest size and a little more: quotas are tested in workspaces filled by the CLI. */
const QUOTA = LIMIT + 64 * 1024;

/** Tiny files of each allowed type, with their real signatures. */
const SAMPLES: Record<string, { name: string; bytes: Buffer }> = {
  'image/png': { name: 'dot.png', bytes: png() },
  // JFIF: SOI, APP0, EOI
  'image/jpeg': {
    name: 'dot.jpg',
    bytes: Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
    ]),
  },
  // A 1×1 lossless WebP.
  'image/webp': { name: 'dot.webp', bytes: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64') },
  // A 1×1 transparent GIF.
  'image/gif': { name: 'dot.gif', bytes: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') },
  'application/pdf': {
    name: 'guide.pdf',
    bytes: Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n%%EOF\n',
    ),
  },
};

interface Part {
  name?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body of these parts. */
function form(...parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----bp${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name ?? 'file'}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.type === undefined ? '' : `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const aFile = (type: keyof typeof SAMPLES, over: Partial<Part> = {}): Part => ({
  filename: SAMPLES[type]!.name,
  type,
  data: SAMPLES[type]!.bytes,
  ...over,
});

/** Every file under `root` (staged ones included), relative to it. */
function filesUnder(root: string): string[] {
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [relative(root, path)];
        })
      : [];
  return walk(root);
}

// Every guarantee of uploads, on each store (docs/adr/0045, 0064): a local directory, and an S3-protocol server.
describe.each(['local', 's3'] as const)('POST /v1/files (uploads) on the %s store', (store) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let base: { port: number };
  beforeAll(async () => {
    s3 = store === 's3' ? await TestS3Server.start() : undefined;
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000', FILE_STORAGE_QUOTA_BYTES: String(QUOTA), ...s3?.env } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = { port: (t.app.getHttpServer().address() as AddressInfo).port };
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const upload = (auth: Auth, parts: Part[], headers: Record<string, string> = {}) => {
    const { body, contentType } = form(...parts);
    return t.inject({ method: 'POST', url: '/v1/files', headers: { ...auth, 'content-type': contentType, ...headers }, payload: body });
  };
  type Answer = LightMyRequestResponse | { statusCode: number; body: string; headers: Record<string, unknown> };
  const expectProblem = (res: Answer, status: number, code: string) => {
    expect([res.statusCode, JSON.parse(res.body).code]).toEqual([status, code]);
    return JSON.parse(res.body);
  };
  /** Every file in the store (staged ones included): paths under its directory, or keys in its bucket. */
  const stored = async (): Promise<string[]> => (s3 ? s3.keys() : filesUnder(t.config.fileStorageDir));
  const rowsOf = (workspaceId: string) => t.sql<{ id: string }>('SELECT id FROM files WHERE workspace_id = $1', [workspaceId]);
  const stagedNow = async () => (await stored()).filter((p) => p.startsWith('.staging'));

  /** A request over a real connection: its body written as given, the answer read as it comes. */
  function raw(
    headers: Record<string, string | number>,
    write: (req: ReturnType<typeof httpRequest>) => void,
  ): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: base.port, method: 'POST', path: '/v1/files', headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ statusCode: res.statusCode!, body, headers: res.headers }));
      });
      // The server may close the connection while the rest of a refused body is still being written.
      req.on('error', (err) => (req.writableFinished ? undefined : reject(err)));
      write(req);
    });
  }

  it('stores each allowed type, 201 with the file object, listed and served at its public_path at once', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    for (const type of Object.keys(SAMPLES)) {
      const res = await upload(auth, [aFile(type)]);
      expect([type, res.statusCode]).toEqual([type, 201]);
      const file = res.json();
      expect(file).toEqual({
        id: expect.stringMatching(/^file_/),
        name: SAMPLES[type]!.name,
        mime_type: type,
        size_bytes: SAMPLES[type]!.bytes.length,
        public_path: `/files/${file.id}/${SAMPLES[type]!.name}`,
        created_at: expect.any(String),
      });
      expect(res.headers.location).toBe(file.public_path);
      const served = await t.inject({ method: 'GET', url: file.public_path });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, type]);
      expect(served.rawPayload.equals(SAMPLES[type]!.bytes)).toBe(true);
    }
    const listed = (await t.inject({ method: 'GET', url: '/v1/files', headers: auth })).json();
    expect(listed.data.map((f: { mime_type: string }) => f.mime_type).sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(await rowsOf(workspace.id)).toHaveLength(5);
    expect(await stagedNow()).toEqual([]);
  });

  it('sanitises the part’s filename into the name', async () => {
    const { auth } = await aTenant(t.commands);
    const res = await upload(auth, [aFile('image/png', { filename: 'C:\\photos\\my\u0007 cat.png' })]);
    expect(res.json()).toMatchObject({ name: 'my cat.png', public_path: expect.stringMatching(/\/my%20cat\.png$/) });
    const nameless = await upload(auth, [aFile('application/pdf', { filename: '..' })]);
    expect(nameless.json().name).toBe('file.pdf');
  });

  it('takes a file of exactly 10 MiB, and answers 413 to one byte more, stopping there and storing nothing', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const signature = png().subarray(0, 64);
    const sized = (n: number) => Buffer.concat([signature, Buffer.alloc(n - signature.length, 1)]);
    const send = (data: Buffer) => {
      const { body, contentType } = form({ filename: 'big.png', type: 'image/png', data });
      return raw({ ...auth, 'content-type': contentType, 'content-length': body.length }, (req) => req.end(body));
    };
    const over = await send(sized(LIMIT + 1));
    expectProblem(over, 413, 'payload_too_large');
    expect(over.headers.connection).toBe('close');
    expect(await rowsOf(workspace.id)).toEqual([]);
    expect((await stored()).filter((p) => p.startsWith('.staging') || p.startsWith(workspace.id))).toEqual([]);

    const exact = await send(sized(LIMIT));
    expect(exact.statusCode).toBe(201);
    expect(JSON.parse(exact.body).size_bytes).toBe(LIMIT);

    // Without a declared length, the answer comes as soon as the limit is passed, while the body is still open.
    const endless = form({ filename: 'endless.png', type: 'image/png', data: sized(LIMIT + 1024) });
    const open = await raw({ ...auth, 'content-type': endless.contentType }, (req) =>
      req.write(endless.body.subarray(0, endless.body.length - 30)),
    );
    expectProblem(open, 413, 'payload_too_large');
    expect(await stagedNow()).toEqual([]);

    // A declared length far past the limit is refused before the body is read.
    const declared = await raw({ ...auth, 'content-type': 'multipart/form-data; boundary=x', 'content-length': 50 * MiB }, (req) =>
      req.write('--x\r\n'),
    );
    expectProblem(declared, 413, 'payload_too_large');
    expect(await rowsOf(workspace.id)).toHaveLength(1);
    expect(await stagedNow()).toEqual([]);
  });

  it('refuses bytes that are not what their part declares, SVG and HTML whatever they declare, with 400 and nothing stored', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const cases: Part[] = [
      aFile('image/png', { type: 'application/pdf' }),
      aFile('image/png', { filename: 'dot.pdf', type: 'application/pdf' }),
      { filename: 'x.svg', type: 'image/svg+xml', data: svg },
      { filename: 'x.png', type: 'image/png', data: svg },
      { filename: 'x.html', type: 'text/html', data: html },
      aFile('image/gif', { type: undefined }),
    ];
    for (const part of cases) {
      const body = expectProblem(await upload(auth, [part]), 400, 'invalid_request');
      expect(body.errors).toEqual([{ pointer: '/file', detail: expect.any(String) }]);
    }
    // One file part named `file`, and nothing else.
    expectProblem(await upload(auth, [aFile('image/png', { name: 'upload' })]), 400, 'invalid_request');
    expectProblem(await upload(auth, [aFile('image/png'), aFile('image/gif')]), 400, 'invalid_request');
    expectProblem(await upload(auth, [{ name: 'note', data: Buffer.from('hi') }, aFile('image/png')]), 400, 'invalid_request');
    expectProblem(await upload(auth, []), 400, 'invalid_request');
    // Bodies that are not multipart at all: no boundary, a form cut short, junk.
    const junk = (contentType: string, payload: string) =>
      t.inject({ method: 'POST', url: '/v1/files', headers: { ...auth, 'content-type': contentType }, payload });
    expectProblem(await junk('multipart/form-data', 'hello'), 400, 'invalid_request');
    const cut = `--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
    expectProblem(await junk('multipart/form-data; boundary=x', cut), 400, 'invalid_request');
    expectProblem(await junk('multipart/form-data; boundary=x', '\u0000\u0001junk--x--'), 400, 'invalid_request');
    expect(await rowsOf(workspace.id)).toEqual([]);
    expect(await stagedNow()).toEqual([]);
  });

  it('answers 415 to a JSON body, and other routes still refuse multipart bodies with 415', async () => {
    const { auth } = await aTenant(t.commands);
    const json = await t.inject({
      method: 'POST',
      url: '/v1/files',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"file":"x"}',
    });
    expectProblem(json, 415, 'unsupported_media_type');
    const { body, contentType } = form({ name: 'title', data: Buffer.from('x') });
    const pages = await t.inject({ method: 'POST', url: '/v1/pages', headers: { ...auth, 'content-type': contentType }, payload: body });
    expectProblem(pages, 415, 'unsupported_media_type');
  });

  it('leaves no row and no bytes behind when the client goes away mid-body', async () => {
    const { workspace, key } = await aTenant(t.commands);
    const data = Buffer.concat([png(), Buffer.alloc(2 * MiB, 7)]);
    const { body, contentType } = form({ filename: 'cut.png', type: 'image/png', data });
    const socket = connect(base.port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, MiB));
    // The server has started staging the bytes (in the directory, or in a part buffer on its way to the bucket);
    // the client goes away.
    const storage = t.app.get(FileStorage);
    const staging = async () => (storage instanceof S3ObjectStorage ? storage.uploadsInFlight : (await stagedNow()).length);
    await until(async () => (await staging()) === 1);
    socket.destroy();
    await until(async () => (await staging()) === 0);
    expect(await stagedNow()).toEqual([]);
    expect(await rowsOf(workspace.id)).toEqual([]);
    expect((await stored()).filter((p) => p.startsWith(workspace.id))).toEqual([]);
  });

  it('refuses an upload past the workspace’s storage quota with 422, also to two at once', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const room = 2 * SAMPLES['image/png']!.bytes.length - 1;
    await t.commands.execute(new AddFileCommand(workspace.id, 'filler.bin', 'application/octet-stream', Buffer.alloc(QUOTA - room)));
    // Room for one sample, not two: of two concurrent uploads, exactly one fits.
    const both = await Promise.all([upload(auth, [aFile('image/png')]), upload(auth, [aFile('image/png')])]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = expectProblem(
      both.find((r) => r.statusCode === 422)!,
      422,
      'storage_quota_exceeded',
    );
    expect(refused.detail).toContain(String(QUOTA));
    expectProblem(await upload(auth, [aFile('image/png')]), 422, 'storage_quota_exceeded');
    expect(await rowsOf(workspace.id)).toHaveLength(2);
    expect(await stagedNow()).toEqual([]);
    // Other workspaces are not affected.
    expect((await upload((await aTenant(t.commands)).auth, [aFile('image/gif')])).statusCode).toBe(201);
  });

  it('replays an upload sent again with its Idempotency-Key, and refuses the key for other bytes', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const key = { 'idempotency-key': 'upload-1' };
    const first = await upload(auth, [aFile('image/png')], key);
    const again = await upload(auth, [aFile('image/png')], key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expectProblem(await upload(auth, [aFile('image/gif')], key), 422, 'idempotency_key_reused');
    expectProblem(await upload(auth, [aFile('image/png', { filename: 'other.png' })], key), 422, 'idempotency_key_reused');
    expect(await rowsOf(workspace.id)).toHaveLength(1);
    expect(await stagedNow()).toEqual([]);
  });

  it('needs files:write, which keys with all scopes hold, and refuses test-mode keys', async () => {
    const { workspace } = await aTenant(t.commands);
    const readOnly = await aKey(t.commands, workspace.id, { scopes: ['files:read', 'pages:write'] });
    const test = await aKey(t.commands, workspace.id, { mode: 'test' });
    const all = await aKey(t.commands, workspace.id);
    expect(all.scopes).toContain('files:write');
    expectProblem(await upload({ authorization: `Bearer ${readOnly.key}` }, [aFile('image/png')]), 403, 'insufficient_scope');
    expectProblem(await upload({ authorization: `Bearer ${test.key}` }, [aFile('image/png')]), 403, 'test_key_read_only');
    expectProblem(await upload({}, [aFile('image/png')]), 401, 'invalid_api_key');
    expect(await rowsOf(workspace.id)).toEqual([]);
    expect(await stagedNow()).toEqual([]);
  });

  it('serves a file streamed with its headers, its id as ETag (304), and one byte range (206; 416 past the end)', async () => {
    const { auth } = await aTenant(t.commands);
    const bytes = SAMPLES['application/pdf']!.bytes;
    const file = (await upload(auth, [aFile('application/pdf')])).json();
    const whole = await t.inject({ method: 'GET', url: file.public_path });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      etag: `"${file.id}"`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': "inline; filename*=UTF-8''guide.pdf",
    });
    const fresh = await t.inject({ method: 'GET', url: file.public_path, headers: { 'if-none-match': `"${file.id}"` } });
    expect([fresh.statusCode, fresh.body]).toEqual([304, '']);
    const part = await t.inject({ method: 'GET', url: file.public_path, headers: { range: 'bytes=5-14' } });
    expect([part.statusCode, part.headers['content-range'], part.headers['content-length']]).toEqual([
      206,
      `bytes 5-14/${bytes.length}`,
      '10',
    ]);
    expect(part.rawPayload.equals(bytes.subarray(5, 15))).toBe(true);
    const tail = await t.inject({ method: 'GET', url: file.public_path, headers: { range: 'bytes=-4' } });
    expect(tail.rawPayload.equals(bytes.subarray(-4))).toBe(true);
    // A range for another version of the file (If-Range), or several ranges: the whole file.
    const other = await t.inject({ method: 'GET', url: file.public_path, headers: { range: 'bytes=0-1', 'if-range': '"file_other"' } });
    expect([other.statusCode, other.rawPayload.length]).toEqual([200, bytes.length]);
    const several = await t.inject({ method: 'GET', url: file.public_path, headers: { range: 'bytes=0-1,20-30' } });
    expect([several.statusCode, several.rawPayload.length]).toEqual([200, bytes.length]);
    const past = await t.inject({ method: 'GET', url: file.public_path, headers: { range: `bytes=${bytes.length}-` } });
    expectProblem(past, 416, 'range_not_satisfiable');
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  if (store === 's3') {
    it('writes nothing under its FILE_STORAGE_DIR: every byte went to the bucket', async () => {
      expect(filesUnder(t.config.fileStorageDir)).toEqual([]);
      expect((await stored()).length).toBeGreaterThan(10);
    });
  }

  it('makes a file an IMAGE block can show at once: published, the live page shows it', async () => {
    const { auth } = await aTenant(t.commands);
    const file = (await upload(auth, [aFile('image/png', { filename: 'avatar.png' })])).json();
    const page = await aLivePage(apiOk(t, auth), 'With a picture', [{ kind: 'IMAGE', file_url: file.public_path, data: { alt: 'Me' } }]);
    expect(page.status).toBe('PUBLISHED');
    const live = await t.inject({ method: 'GET', url: `/p/${page.slug}` });
    expect(live.statusCode).toBe(200);
    expect(live.body).toMatch(new RegExp(`<img[^>]+src="[^"]*${file.public_path.replace(/[.]/g, '\\.')}"[^>]*alt="Me"`));
    expect((await t.inject({ method: 'GET', url: file.public_path })).rawPayload.equals(SAMPLES['image/png']!.bytes)).toBe(true);
  });

  it('makes a file a page’s avatar at once: shown at the top of the live page and in its og:image', async () => {
    const { auth } = await aTenant(t.commands);
    const call = apiOk(t, auth);
    const file = (await upload(auth, [aFile('image/png', { filename: 'me.png' })])).json();
    const page = await aLivePage(call, 'Jane Doe', [{ kind: 'LINK', data: { url: 'https://example.com/', title: 'Site' } }]);
    const updated = await call('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, avatar_file_id: file.id });
    expect(updated.avatar_file_id).toBe(file.id);
    const live = await t.inject({ method: 'GET', url: `/p/${page.slug}` });
    const path = file.public_path.replace(/[.]/g, '\\.');
    expect(live.body).toMatch(new RegExp(`<img[^>]+src="[^"]*${path}"[^>]*alt="Jane Doe"`));
    expect(live.body).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${path}"`));
  });
});

describe('the staged-uploads sweep (a crash between an upload’s commit and the move of its bytes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('moves the bytes of a committed record into place, deletes abandoned ones, and leaves young ones alone', async () => {
    const { workspace } = await aTenant(t.commands);
    const staging = join(t.config.fileStorageDir, '.staging');
    mkdirSync(staging, { recursive: true });
    const stage = (id: string, bytes: Buffer, hoursAgo: number) => {
      const path = join(staging, `${id}.part`);
      writeFileSync(path, bytes);
      const then = new Date(Date.now() - hoursAgo * 3_600_000);
      utimesSync(path, then, then);
    };
    // The record committed, the process stopped before the move.
    const id = 'file_CrashedBetweenCommitAndMove';
    await t.sql(
      `INSERT INTO files (id, workspace_id, name, mime_type, size_bytes, storage_key, public_path, created_at)
       VALUES ($1, $2, 'dot.png', 'image/png', $3, $4, $5, now())`,
      [id, workspace.id, SAMPLES['image/png']!.bytes.length, `${workspace.id}/${id}`, `/files/${id}/dot.png`],
    );
    // The upload's transaction writes the file's route with it (migration 0025).
    await t.sql(`INSERT INTO file_routes (id, workspace_id) VALUES ($1, $2)`, [id, workspace.id]);
    stage(id, SAMPLES['image/png']!.bytes, 0);
    stage('file_AbandonedTwoHoursAgo', Buffer.from('x'), 2);
    stage('file_StillArriving', Buffer.from('y'), 0);

    expect(await t.app.get(StagedUploadsSweep).purge()).toBe(2);
    expect(readdirSync(staging).sort()).toEqual(['file_StillArriving.part']);
    expect(readFileSync(join(t.config.fileStorageDir, workspace.id, id)).equals(SAMPLES['image/png']!.bytes)).toBe(true);
    const served = await t.inject({ method: 'GET', url: `/files/${id}/dot.png` });
    expect(served.statusCode).toBe(200);
  });
});

/** Waits until `done()` holds, checking every 20 ms (a hang fails the test by its time-out). */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
}
