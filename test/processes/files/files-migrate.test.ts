import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddFileCommand } from '../../../src/files/index.js';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aWorkspace } from '../../factories/access.factory.js';
import { cli } from '../../support/cli.js';
import { launch, stop } from '../../support/processes.js';
import { TestS3Server } from '../../support/s3-server.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, however deep, with its size, modification time and hash: what "left alone" means. */
function snapshot(dir: string, under = dir): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(under)) return out;
  for (const e of readdirSync(under, { withFileTypes: true })) {
    const path = join(under, e.name);
    if (e.isDirectory()) Object.assign(out, snapshot(dir, path));
    else {
      const info = statSync(path);
      out[path.slice(dir.length + 1)] = `${info.size} ${info.mtimeMs} ${sha256(readFileSync(path))}`;
    }
  }
  return out;
}

function get(port: number, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

interface Added {
  id: string;
  workspaceId: string;
  publicPath: string;
  key: string;
  bytes: Buffer;
}

// `files migrate --to s3` (docs/adr/0064): the files of a service still serving from its local directory are copied to
// the bucket, checked, resumable; then a process on FILE_STORAGE=s3 with an empty disk serves every one of them.
describe('files migrate --to s3', () => {
  let t: TestApp;
  let s3: TestS3Server;
  const added: Added[] = [];
  const work = mkdtempSync(join(tmpdir(), 'bp-migrate-'));
  /** The S3 settings, with the service still on its local directory. */
  let env: Record<string, string>;

  const migrate = (extra: Record<string, string> = {}) => cli(t, ['files', 'migrate', '--to', 's3'], { ...env, ...extra });
  const object = async (key: string) => {
    const got = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await got.Body!.transformToByteArray());
  };
  const rowsOf = async () => (await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM files'))[0]!.n;

  beforeAll(async () => {
    s3 = await TestS3Server.start();
    t = await startTestApp();
    env = { ...s3.env, FILE_STORAGE: 'local' };
    const [a, b] = [await aWorkspace(t.commands), await aWorkspace(t.commands)];
    // Through the operator CLI, as an operator adds files: a small PDF, and 7 MiB (more than one 5 MiB part).
    for (const [name, bytes] of [
      ['Free guide.pdf', Buffer.from('%PDF-1.4 a guide, byte for byte')],
      ['big.bin', randomBytes(7 * MiB)],
    ] as const) {
      const path = join(work, name);
      writeFileSync(path, bytes);
      const res = await cli(t, ['file', 'add', '--workspace', a.id, path], { FILE_STORAGE: 'local' });
      if (res.code !== 0) throw new Error(`file add failed: ${res.stderr}`);
      added.push({ id: res.json.id, workspaceId: a.id, publicPath: res.json.public_path, key: `${a.id}/${res.json.id}`, bytes });
    }
    // Through the command, in another workspace: an empty file too.
    for (const [name, bytes] of [
      ['notes.txt', Buffer.from('plain notes\n')],
      ['empty.txt', Buffer.alloc(0)],
      ['data.csv', Buffer.from('a,b\n1,2\n')],
    ] as const) {
      const file = await t.commands.execute(new AddFileCommand(b.id, name, 'text/plain', bytes));
      added.push({ id: file.id, workspaceId: b.id, publicPath: file.public_path, key: `${b.id}/${file.id}`, bytes });
    }
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('copies every file to its storage key, byte for byte, with its SHA-256; the local side and the rows are left alone', async () => {
    const before = snapshot(t.config.fileStorageDir);
    const rows = await rowsOf();
    const res = await migrate();
    expect(res.stderr).toMatch(/5 files looked at/);
    expect([res.code, res.json]).toEqual([
      0,
      { copied: 5, already_there: 0, missing_locally: 0, failed: 0, bytes_copied: added.reduce((n, f) => n + f.bytes.length, 0) },
    ]);
    expect(await s3.keys()).toEqual(added.map((f) => f.key).sort());
    for (const f of added) {
      expect((await object(f.key)).equals(f.bytes)).toBe(true);
      const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: f.key }));
      expect(head.Metadata?.sha256).toBe(sha256(f.bytes));
    }
    expect(snapshot(t.config.fileStorageDir)).toEqual(before);
    expect(await rowsOf()).toBe(rows);
  });

  it('is resumable: run again, every file is there already and nothing is sent', async () => {
    const res = await migrate();
    expect([res.code, res.json]).toEqual([0, { copied: 0, already_there: 5, missing_locally: 0, failed: 0, bytes_copied: 0 }]);
  });

  it('copies again an object whose bytes differ: other bytes of the same size, or of another size', async () => {
    const [big, pdf] = [added[1]!, added[0]!];
    const sameSize = Buffer.from(big.bytes);
    sameSize[MiB] ^= 0xff;
    // Written as the service's own uploads are, without a recorded SHA-256: the bytes themselves are compared.
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: big.key, Body: sameSize }));
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: pdf.key, Body: Buffer.from('tampered'), Metadata: { sha256: sha256(pdf.bytes) } }),
    );
    const res = await migrate();
    expect([res.code, res.json]).toEqual([
      0,
      { copied: 2, already_there: 3, missing_locally: 0, failed: 0, bytes_copied: big.bytes.length + pdf.bytes.length },
    ]);
    expect((await object(big.key)).equals(big.bytes)).toBe(true);
    expect((await object(pdf.key)).equals(pdf.bytes)).toBe(true);
  });

  it('lets an API process on FILE_STORAGE=s3 with an empty FILE_STORAGE_DIR serve every file, byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bp-migrate-api-'));
    const port = await freePort();
    const { child } = await launch(
      'dist/main.js',
      {
        ...s3.env,
        DATABASE_URL: t.databaseUrl,
        SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
        DATA_DIR: dir,
        FILE_STORAGE_DIR: join(dir, 'files'),
        PORT: String(port),
        RUN_WORKERS: 'false',
      },
      /API listening/,
    );
    try {
      for (const f of added) {
        const served = await get(port, f.publicPath);
        expect([f.publicPath, served.status]).toEqual([f.publicPath, 200]);
        expect(served.body.equals(f.bytes)).toBe(true);
      }
      expect(snapshot(join(dir, 'files'))).toEqual({});
    } finally {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports rows whose local file is missing: in the bucket already (counted there), or nowhere', async () => {
    const gone = added[2]!;
    unlinkSync(join(t.config.fileStorageDir, gone.key));
    const nowhere = 'file_NeverStoredAnywhere';
    await t.sql(
      `INSERT INTO files (id, workspace_id, name, mime_type, size_bytes, storage_key, public_path, created_at)
       VALUES ($1, $2, 'lost.txt', 'text/plain', 4, $3, $4, now())`,
      [nowhere, gone.workspaceId, `${gone.workspaceId}/${nowhere}`, `/files/${nowhere}/lost.txt`],
    );
    const res = await migrate();
    expect([res.code, res.json]).toEqual([0, { copied: 0, already_there: 5, missing_locally: 1, failed: 0, bytes_copied: 0 }]);
    expect(res.stderr).toContain(`${gone.key}: not in the local directory, but in the bucket already`);
    expect(res.stderr).toContain(`${gone.workspaceId}/${nowhere}: missing`);
  });

  it('counts a file that cannot be copied as failed, says which on stderr, carries on, and exits 1', async () => {
    const short = added[4]!;
    truncateSync(join(t.config.fileStorageDir, short.key), 3); // the local copy no longer has the bytes its row says
    const res = await migrate();
    expect([res.code, res.json]).toEqual([1, { copied: 0, already_there: 4, missing_locally: 1, failed: 1, bytes_copied: 0 }]);
    expect(res.stderr).toMatch(new RegExp(`${short.key}: FAILED: the local file has 3 bytes, its record says ${short.bytes.length}`));
    // The object the bucket held is left as it was: a copy of a file that does not match its row is not made.
    expect((await object(short.key)).equals(short.bytes)).toBe(true);
  });

  it('refuses to start without S3_BUCKET (exit 2), and on a bucket it cannot reach (exit 1), in one line each', async () => {
    const unset = await migrate({ S3_BUCKET: '' });
    expect([unset.code, unset.stdout]).toEqual([2, '']);
    expect(unset.stderr.trim()).toMatch(/^error: Invalid configuration: S3_BUCKET is required for the object store$/);
    const other = await migrate({ S3_BUCKET: 'no-such-bucket' });
    expect([other.code, other.stdout]).toEqual([1, '']);
    expect(other.stderr.trim().split('\n')).toHaveLength(1);
    expect(other.stderr).toMatch(/^error: the bucket no-such-bucket cannot be reached/);
  });
});
