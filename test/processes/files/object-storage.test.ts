import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileRepository, FileStorage } from '../../../src/files/application/ports/file.ports.js';
import { StagedUploadsSweep } from '../../../src/files/infrastructure/staged-uploads.sweep.js';
import { APP_CONFIG } from '../../../src/platform/config/config.module.js';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { launch, stop } from '../../support/processes.js';
import { TestS3Server } from '../../support/s3-server.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { png } from '../../support/png.js';

const MiB = 1024 * 1024;
const METRICS_TOKEN = 'metrics-token-for-the-object-storage-tests';

function form(filename: string, type: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----bp${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One HTTP request to a process on loopback. */
function call(port: number, method: string, path: string, headers: Record<string, string | number> = {}, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A gauge's value on a process's /metrics. */
async function gauge(port: number, name: string): Promise<number> {
  const text = (await call(port, 'GET', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body.toString();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every file under `dir`, however deep. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    : [];

// Two API processes, as on two machines: each its own DATA_DIR and FILE_STORAGE_DIR, one database, one bucket
// (decisions.md, fourth round; docs/adr/0064).
describe('files on an object store shared by API processes on different machines', () => {
  let t: TestApp;
  let s3: TestS3Server;
  const dirs = [mkdtempSync(join(tmpdir(), 'bp-s3-a-')), mkdtempSync(join(tmpdir(), 'bp-s3-b-'))];
  const apis: { port: number; child: ChildProcess; output: () => string }[] = [];
  let auth: Record<string, string>;
  let workspaceId: string;

  const startApi = async (dir: string) => {
    const port = await freePort();
    const env = {
      ...s3.env,
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), // the test app's key
      DATA_DIR: dir,
      FILE_STORAGE_DIR: join(dir, 'files'),
      PORT: String(port),
      RUN_WORKERS: 'false',
      RATE_LIMIT_BURST_REQUESTS: '100000',
      METRICS_TOKEN,
    };
    const { child, output } = await launch('dist/main.js', env, /API listening/);
    return { port, child, output };
  };
  const upload = (port: number, data: Buffer, filename = 'photo.png', type = 'image/png') => {
    const { body, contentType } = form(filename, type, data);
    return call(port, 'POST', '/v1/files', { ...auth, 'content-type': contentType, 'content-length': body.length }, body);
  };

  beforeAll(async () => {
    s3 = await TestS3Server.start();
    t = await startTestApp({ env: s3.env });
    const tenant = await aTenant(t.commands);
    auth = tenant.auth;
    workspaceId = tenant.workspace.id;
    apis.push(await startApi(dirs[0]!), await startApi(dirs[1]!));
  });
  afterAll(async () => {
    for (const api of apis) await stop(api.child);
    await t.close();
    await s3.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves a PNG uploaded through one process from the other, byte for byte, with its headers; nothing on either disk', async () => {
    const [a, b] = apis;
    for (const bytes of [png(3), png(7, 7 * MiB)]) {
      const created = await upload(a!.port, bytes);
      expect(created.status).toBe(201);
      const file = JSON.parse(created.body.toString()) as { id: string; public_path: string; size_bytes: number };
      expect(file.size_bytes).toBe(bytes.length);
      const served = await call(b!.port, 'GET', file.public_path);
      expect(served.status).toBe(200);
      expect(served.body.equals(bytes)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(bytes.length),
        etag: `"${file.id}"`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': "inline; filename*=UTF-8''photo.png",
      });
      expect((await call(b!.port, 'GET', file.public_path, { 'if-none-match': `"${file.id}"` })).status).toBe(304);
      const range = await call(b!.port, 'GET', file.public_path, { range: 'bytes=8-15' });
      expect([range.status, range.body.equals(bytes.subarray(8, 16))]).toEqual([206, true]);
    }
    expect(await s3.keys()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${workspaceId}/file_`))]));
    expect((await s3.keys()).filter((k) => k.startsWith('.staging/'))).toEqual([]);
    // Each process's disk holds its embedded database's nothing (DATABASE_URL is set) and no file bytes.
    for (const dir of dirs) expect(filesUnder(join(dir, 'files'))).toEqual([]);
  });

  it('frees its connection to the store when a download is cut short or is a HEAD (more of them than its sockets)', async () => {
    const [a, b] = apis;
    const bytes = png(5, 6 * MiB);
    const file = JSON.parse((await upload(a!.port, bytes)).body.toString()) as { public_path: string };
    // The client holds 64 sockets to the store at most: a leak would hang the requests after the 64th.
    for (let i = 0; i < 80; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: b!.port, method: 'GET', path: file.public_path }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        req.end();
      });
      const head = await call(b!.port, 'HEAD', file.public_path);
      expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(bytes.length), 0]);
    }
    const whole = await call(b!.port, 'GET', file.public_path);
    expect([whole.status, whole.body.equals(bytes)]).toEqual([200, true]);
  });

  it('refuses 10 MiB + 1 byte with 413 and an SVG with 400, leaving no object and no row', async () => {
    const [a] = apis;
    const before = await s3.keys();
    const rows = async () => (await t.sql('SELECT id FROM files WHERE workspace_id = $1', [workspaceId])).length;
    const rowsBefore = await rows();
    const over = await upload(a!.port, png(1, 10 * MiB + 1 - png(1).length));
    expect([over.status, JSON.parse(over.body.toString()).code]).toEqual([413, 'payload_too_large']);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(a!.port, svg, 'x.svg', 'image/svg+xml');
    expect([refused.status, JSON.parse(refused.body.toString()).code]).toEqual([400, 'invalid_request']);
    expect(await s3.keys()).toEqual(before);
    expect(await rows()).toBe(rowsBefore);
  });

  it('answers 503 with Retry-After (not 500) while the store is down, logged once, and 200 again once it is back', async () => {
    const [a, b] = apis;
    const file = JSON.parse((await upload(a!.port, png(2))).body.toString()) as { public_path: string };
    await s3.stop();
    try {
      for (let i = 0; i < 3; i++) {
        const down = await call(b!.port, 'GET', file.public_path);
        expect([down.status, down.headers['content-type']]).toEqual([503, expect.stringMatching(/^application\/problem\+json/)]);
        // Never kept by a cache (decisions.md, fifth round).
        expect([down.headers['cache-control'], down.headers.etag]).toEqual(['no-store', undefined]);
        expect(JSON.parse(down.body.toString()).code).toBe('service_unavailable');
        expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
      }
      const refused = await upload(b!.port, png(2));
      expect([refused.status, refused.headers['retry-after'] !== undefined]).toEqual([503, true]);
      expect(await gauge(b!.port, 'file_store_unreachable')).toBe(1);
    } finally {
      await s3.start();
    }
    const back = await call(b!.port, 'GET', file.public_path);
    expect(back.status).toBe(200);
    expect(await gauge(b!.port, 'file_store_unreachable')).toBe(0);
    expect(await gauge(b!.port, 'file_store_part_buffers_in_use')).toBe(0);
    const log = b!.output();
    expect(log.match(/File store unreachable/g)).toHaveLength(1);
    expect(log).toMatch(/File store reachable again/);
    expect(log).not.toMatch(/Unhandled error/);
  });

  it('leaves no object and no row of an upload whose process was killed midway, once the sweep ran', async () => {
    const victim = await startApi(mkdtempSync(join(tmpdir(), 'bp-s3-c-')));
    const before = await s3.keys();
    const rowsBefore = (await t.sql('SELECT id FROM files')).length;
    const { body, contentType } = form('big.png', 'image/png', png(1, 8 * MiB));
    const req = request({
      host: '127.0.0.1',
      port: victim.port,
      method: 'POST',
      path: '/v1/files',
      headers: { ...auth, 'content-type': contentType, 'content-length': body.length },
    });
    req.on('error', () => undefined);
    // More than one part's worth: the first part is on its way into the bucket when the process dies.
    req.write(body.subarray(0, 6 * MiB));
    await sleep(500);
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));
    req.destroy();
    // What a crash can leave: a multipart upload (invisible, aborted by the sweep or the bucket's lifecycle rule),
    // or a staged object; the sweep, run as if an hour had passed, removes the staged one.
    const later = { now: () => new Date(Date.now() + 2 * 3_600_000) };
    const sweep = new StagedUploadsSweep(t.app.get(FileStorage), t.app.get(FileRepository), later, t.app.get(APP_CONFIG));
    await sweep.purge();
    expect(await s3.keys()).toEqual(before);
    expect((await t.sql('SELECT id FROM files')).length).toBe(rowsBefore);
  });

  it('the sweep moves a committed upload’s staged object into place, deletes abandoned ones, and leaves young ones alone', async () => {
    const id = 'file_S3CrashedBetweenCommitAndMove';
    const bytes = png(4);
    await t.sql(
      `INSERT INTO files (id, workspace_id, name, mime_type, size_bytes, storage_key, public_path, created_at)
       VALUES ($1, $2, 'dot.png', 'image/png', $3, $4, $5, now())`,
      [id, workspaceId, bytes.length, `${workspaceId}/${id}`, `/files/${id}/dot.png`],
    );
    await t.sql(`INSERT INTO file_routes (id, workspace_id) VALUES ($1, $2)`, [id, workspaceId]);
    const put = (key: string, body: Buffer) => s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    await put(`.staging/${id}`, bytes);
    await put('.staging/file_S3Abandoned', Buffer.from('x'));

    const sweep = t.app.get(StagedUploadsSweep);
    expect(await sweep.purge()).toBe(1);
    expect((await s3.keys()).filter((k) => k.startsWith('.staging/'))).toEqual(['.staging/file_S3Abandoned']);
    const served = await call(apis[1]!.port, 'GET', `/files/${id}/dot.png`);
    expect([served.status, served.body.equals(bytes)]).toEqual([200, true]);

    const later = { now: () => new Date(Date.now() + 2 * 3_600_000) };
    await new StagedUploadsSweep(t.app.get(FileStorage), t.app.get(FileRepository), later, t.app.get(APP_CONFIG)).purge();
    expect((await s3.keys()).filter((k) => k.startsWith('.staging/'))).toEqual([]);
  });
});
