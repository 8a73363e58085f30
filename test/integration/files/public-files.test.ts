import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { AddFileCommand, type FileView } from '../../../src/files/index.js';
import { FileStorage } from '../../../src/files/application/ports/file.ports.js';
import { S3ObjectStorage } from '../../../src/files/infrastructure/s3-object.storage.js';
import { PublicDownloads } from '../../../src/files/interface/http/public-downloads.js';
import { aTenant } from '../../factories/access.factory.js';
import { png } from '../../support/png.js';
import { TestS3Server } from '../../support/s3-server.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const MiB = 1024 * 1024;
/** Larger than what the kernel's buffers take from a connection on loopback (a few MiB): the server has to wait. */
const LARGE = 24 * MiB;

/** The test's client connections still open: cut before the app closes (it waits for its connections to end). */
const connections = new Set<Socket>();
const cutConnections = () => {
  for (const socket of connections) socket.destroy();
};

/**
 * A download over a real connection whose client reads `bytesPerTick` bytes every 100 ms (0: nothing at all, once
 * the answer's head is in), from `forwardedFor` when given (the app trusts a loopback proxy).
 */
function download(port: number, path: string, options: { bytesPerTick?: number; forwardedFor?: string } = {}) {
  const socket: Socket = connect(port, '127.0.0.1');
  connections.add(socket);
  socket.once('close', () => connections.delete(socket));
  const forwarded = options.forwardedFor ? `X-Forwarded-For: ${options.forwardedFor}\r\n` : '';
  socket.write(`GET ${path} HTTP/1.1\r\nHost: files.test\r\n${forwarded}\r\n`);
  socket.pause();
  let received = 0;
  let head = '';
  let closedAt: number | undefined;
  socket.on('error', () => undefined);
  socket.on('close', () => (closedAt = Date.now()));
  const headRead = new Promise<string>((resolve) => {
    const tick = setInterval(() => {
      const chunk = socket.read(head.includes('\r\n\r\n') ? options.bytesPerTick || 0 : 200) as Buffer | null;
      if (chunk) {
        received += chunk.length;
        if (!head.includes('\r\n\r\n')) head += chunk.toString('latin1');
        if (head.includes('\r\n\r\n')) resolve(head);
      }
      if (closedAt !== undefined) {
        clearInterval(tick);
        resolve(head);
      }
    }, 100);
    socket.once('close', () => setTimeout(() => clearInterval(tick), 200));
  });
  return {
    /** The answer's status line and headers, once they are in. */
    head: headRead,
    status: async () => Number((await headRead).split(' ')[1]),
    received: () => received,
    /** Reads whatever is left as fast as it comes, until the connection ends. */
    drain: () =>
      new Promise<number>((resolve) => {
        if (closedAt !== undefined) return resolve(received);
        socket.on('data', (chunk: Buffer) => (received += chunk.length));
        socket.once('close', () => resolve(received));
        socket.resume();
      }),
    close: () => socket.destroy(),
  };
}

const until = async (done: () => boolean, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** The headers an error answer of /files/… must carry: never stored by a cache, no ETag. */
function expectUncacheable(res: { statusCode: number; headers: Record<string, unknown> }, status: number) {
  expect([res.statusCode, res.headers['cache-control'], res.headers.etag]).toEqual([status, 'no-store', undefined]);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
}

// decisions.md, fifth round, "Public files hold under slow readers"; docs/adr/0064 (amended).
describe.each(['local', 's3'] as const)('the public route /files/… on the %s store', (store) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let port: number;
  let large: FileView;
  let small: FileView;
  const smallBytes = png(4);

  beforeAll(async () => {
    s3 = store === 's3' ? await TestS3Server.start() : undefined;
    t = await startTestApp({ env: { FILE_DOWNLOAD_IDLE_SECONDS: '2', ...s3?.env } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    const { workspace } = await aTenant(t.commands);
    large = await t.commands.execute(new AddFileCommand(workspace.id, 'large.png', 'image/png', png(3, LARGE)));
    small = await t.commands.execute(new AddFileCommand(workspace.id, 'small.png', 'image/png', smallBytes));
  });
  afterAll(async () => {
    cutConnections();
    await t.close();
    await s3?.close();
  });

  it('ends a download whose client takes no byte for FILE_DOWNLOAD_IDLE_SECONDS, and gives back its slot and its read', async () => {
    const downloads = t.app.get(PublicDownloads);
    // Timed from the request: the server's last byte moves after it, but may move before the client has read the
    // status line (on a busy machine, tens of ms before).
    const requestedAt = Date.now();
    const stalled = download(port, large.public_path);
    expect(await stalled.status()).toBe(200);
    expect(downloads.slots.inUse).toBe(1);
    await until(() => downloads.slots.inUse === 0);
    const heldMs = Date.now() - requestedAt;
    // The kernel's buffers fill within a moment; then 2 s without a byte moved, seen within a check (0.5 s).
    expect(heldMs).toBeGreaterThanOrEqual(2_000);
    expect(heldMs).toBeLessThan(6_000);
    // The client finds its connection ended short of the file.
    expect(await stalled.drain()).toBeLessThan(LARGE);
    const storage = t.app.get(FileStorage);
    if (storage instanceof S3ObjectStorage) expect(storage.readsInFlight).toBe(0);
    // The file is served in full to the next client, and nothing was taken for an outage.
    const whole = await t.inject({ method: 'GET', url: small.public_path });
    expect([whole.statusCode, whole.rawPayload.equals(smallBytes)]).toEqual([200, true]);
    expect(t.logs.join('')).not.toMatch(/File store unreachable|Unhandled error/);
  });

  it('ignores a Range that is not a valid byte range (bytes=9-0): 200 with the whole file, cacheable', async () => {
    const res = await t.inject({ method: 'GET', url: small.public_path, headers: { range: 'bytes=9-0' } });
    expect([res.statusCode, res.rawPayload.equals(smallBytes), res.headers['content-range']]).toEqual([200, true, undefined]);
    expect([res.headers['cache-control'], res.headers.etag]).toEqual(['public, max-age=31536000, immutable', `"${small.id}"`]);
    const part = await t.inject({ method: 'GET', url: small.public_path, headers: { range: 'bytes=0-9' } });
    expect([part.statusCode, part.headers['cache-control'], part.headers.etag]).toEqual([
      206,
      expect.stringMatching(/^public/),
      `"${small.id}"`,
    ]);
    const fresh = await t.inject({ method: 'GET', url: small.public_path, headers: { 'if-none-match': `"${small.id}"` } });
    expect([fresh.statusCode, fresh.headers['cache-control'], fresh.headers.etag]).toEqual([
      304,
      expect.stringMatching(/^public/),
      `"${small.id}"`,
    ]);
  });

  it('answers every error under /files/ with Cache-Control: no-store and no ETag: 404, 416, 405, a bad path', async () => {
    expectUncacheable(await t.inject({ method: 'GET', url: `/files/${small.id}/other-name.png` }), 404);
    expectUncacheable(await t.inject({ method: 'GET', url: '/files/file_NoSuchFile/x.png' }), 404);
    const past = await t.inject({ method: 'GET', url: small.public_path, headers: { range: `bytes=${smallBytes.length}-` } });
    expectUncacheable(past, 416);
    expect(past.headers['content-range']).toBe(`bytes */${smallBytes.length}`);
    expectUncacheable(await t.inject({ method: 'POST', url: small.public_path }), 405);
    expectUncacheable(await t.inject({ method: 'GET', url: '/files/only-one-segment' }), 404);
  });

  // The store down (503): test/processes/files/object-storage.test.ts, in a process of its own.
  if (store === 'local') {
    it('answers a 500 with no-store and no ETag (a record whose key the store refuses)', async () => {
      const { workspace } = await aTenant(t.commands);
      const id = 'file_KeyEscapesTheRoot';
      await t.sql(
        `INSERT INTO files (id, workspace_id, name, mime_type, size_bytes, storage_key, public_path, created_at)
         VALUES ($1, $2, 'x.png', 'image/png', 1, '../outside', $3, now())`,
        [id, workspace.id, `/files/${id}/x.png`],
      );
      await t.sql(`INSERT INTO file_routes (id, workspace_id) VALUES ($1, $2)`, [id, workspace.id]);
      expectUncacheable(await t.inject({ method: 'GET', url: `/files/${id}/x.png` }), 500);
    });
  }
});

describe('download slots per client address and per process', () => {
  let t: TestApp;
  let port: number;
  let large: FileView;

  beforeAll(async () => {
    t = await startTestApp({ env: { FILE_DOWNLOADS_PER_CLIENT: '2', FILE_DOWNLOADS_MAX: '4', TRUST_PROXY: 'loopback' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    const { workspace } = await aTenant(t.commands);
    large = await t.commands.execute(new AddFileCommand(workspace.id, 'large.png', 'image/png', png(3, LARGE)));
  });
  afterAll(() => {
    cutConnections();
    return t.close();
  });

  it('refuses a client past its cap (429) and anyone past the process cap (503), no-store; a slot lasts as its connection', async () => {
    const downloads = t.app.get(PublicDownloads);
    const get = (address: string) => t.inject({ method: 'GET', url: large.public_path, headers: { 'x-forwarded-for': address } });
    const hold = (address: string) => download(port, large.public_path, { forwardedFor: address });
    const held = [hold('198.51.100.1'), hold('198.51.100.1')];
    expect(await Promise.all(held.map((d) => d.status()))).toEqual([200, 200]);
    const third = await get('198.51.100.1');
    expectUncacheable(third, 429);
    expect([third.json().code, Number(third.headers['retry-after']) > 0]).toEqual(['rate_limited', true]);
    // IPv6 addresses of one /64 are one client.
    held.push(hold('2001:db8:0:1::1'), hold('2001:db8:0:1::2'));
    expect(await Promise.all(held.map((d) => d.status()))).toEqual([200, 200, 200, 200]);
    expectUncacheable(await get('2001:db8:0:1::3'), 429);
    const full = await get('203.0.113.5');
    expectUncacheable(full, 503);
    expect([full.json().code, full.headers['retry-after']]).toEqual(['service_unavailable', '1']);
    expect(downloads.slots.inUse).toBe(4);
    for (const d of held) d.close();
    await until(() => downloads.slots.inUse === 0);
    const again = await get('198.51.100.1');
    expect([again.statusCode, again.rawPayload.length]).toEqual([200, large.size_bytes]);
    expect(downloads.slots.inUse).toBe(0);
  });
});
