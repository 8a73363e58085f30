import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aTenant } from '../../factories/access.factory.js';
import { launch, stop } from '../../support/processes.js';
import { TestS3Server } from '../../support/s3-server.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The staged-uploads sweep in a worker-only process (`dist/worker.js`, as the compose workers run): its janitor
 * finishes what an API process that crashed between an upload's commit and the move of its bytes left in the bucket,
 * without an API process having to restart. The janitor sweeps once at start, then every 10 minutes.
 */
describe('the staged-uploads sweep in a worker process', () => {
  let t: TestApp;
  let s3: TestS3Server;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-worker-sweep-'));

  beforeAll(async () => {
    s3 = await TestS3Server.start();
    t = await startTestApp({ runWorkers: false, env: s3.env });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves a committed upload’s staged bytes into place and leaves a young unrecorded one alone', async () => {
    const { workspace } = await aTenant(t.commands);
    const bytes = Buffer.from('%PDF-1.4\n% staged by a process that stopped before the move\n');
    const id = 'file_StagedBeforeACrash';
    await t.sql(
      `INSERT INTO files (id, workspace_id, name, mime_type, size_bytes, storage_key, public_path, created_at)
       VALUES ($1, $2, 'note.pdf', 'application/pdf', $3, $4, $5, now())`,
      [id, workspace.id, bytes.length, `${workspace.id}/${id}`, `/files/${id}/note.pdf`],
    );
    await t.sql(`INSERT INTO file_routes (id, workspace_id) VALUES ($1, $2)`, [id, workspace.id]);
    const put = (key: string, body: Buffer) => s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    await put(`.staging/${id}`, bytes);
    await put('.staging/file_StillArriving', Buffer.from('y'));
    expect(await s3.keys()).toEqual(['.staging/file_StillArriving', `.staging/${id}`].sort());

    const worker = await launch(
      'dist/worker.js',
      {
        DATABASE_URL: t.databaseUrl,
        SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
        DATA_DIR: dataDir,
        WORKER_ROLES: 'janitor',
        ...s3.env,
      },
      /workers running/,
    );
    try {
      for (const end = Date.now() + 15_000; (await s3.keys()).includes(`.staging/${id}`);) {
        if (Date.now() > end) throw new Error(`the worker did not sweep the bucket:\n${worker.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      expect(await stop(worker.child)).toBe(0);
    }
    expect(await s3.keys()).toEqual(['.staging/file_StillArriving', `${workspace.id}/${id}`].sort());
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${workspace.id}/${id}` }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)).toBe(true);
  });
});
