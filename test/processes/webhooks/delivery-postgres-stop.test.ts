import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { CommandBus } from '@nestjs/cqrs';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/platform/database/embedded-postgres.js';
import { migrate } from '../../../src/platform/database/orm.js';
import { loadConfig } from '../../../src/platform/config/config.js';
import { createHttpApp } from '../../../src/http-app.js';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { stopPostgresImmediately } from '../../support/postgres-stop.js';
import { launch, stop } from '../../support/processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DATABASE = 'deliverystop';
/** Events queued (the figure). */
const QUEUED = 5_000;
/** The secret key the setup app seals with; the worker must open the endpoint's secret with it. */
const SECRET_KEY = Buffer.alloc(32, 7);

/**
 * Issue 47: "a test stops PostgreSQL immediately in the middle of a 5,000-event drain: every event reaches the
 * receiver at least once, and none is lost". The test owns its PostgreSQL (an embedded cluster in a temporary
 * directory); a compiled worker (`dist/worker.js`, outbox relay and dispatcher, as `npm run worker` runs it) drains
 * 5,000 queued events to an HTTPS receiver that answers each after 20 ms; when about a third has arrived the
 * postmaster gets SIGQUIT (pg_ctl's immediate mode: no checkpoint, every connection dropped without a word), and is
 * started again two seconds later. The worker rides the outage out; every event arrives, every delivery ends
 * SUCCEEDED, and the outbox is drained.
 */
describe('the delivery engine when PostgreSQL stops immediately mid-drain', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bp-delivery-stop-'));
  const rx = new HttpsReceiver();
  let db: EmbeddedDatabase;
  let port: number;
  let worker: ChildProcess | null = null;
  let workspaceId = '';
  let endpointId = '';

  const sql = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: db.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (_req, res) => void setTimeout(() => res.writeHead(204).end(), 20);
    db = await startEmbeddedPostgres(dir, DATABASE);
    port = Number(new URL(db.url).port);
    await migrate(db.url);
    // The tenant and its endpoint through the API, in this process; it is closed before the drain.
    const config = loadConfig({
      DATABASE_URL: db.url,
      DATA_DIR: dir,
      PUBLIC_API_URL: 'http://127.0.0.1:3000',
      WEBHOOK_ALLOWED_TARGETS: rx.target,
    });
    const { app } = await createHttpApp(config, { databaseUrl: db.url, secretKey: SECRET_KEY, runWorkers: false }, pino({ level: 'warn' }));
    await app.getHttpAdapter().getInstance().ready();
    const tenant = await aTenant(app.get(CommandBus));
    workspaceId = tenant.workspace.id;
    const created = await app.inject({
      method: 'POST',
      url: '/v1/webhook-endpoints',
      headers: { ...tenant.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: rx.url('/drain'), event_types: ['contact.created'] }),
    });
    if (created.statusCode !== 201) throw new Error(`the endpoint was not created: ${created.statusCode} ${created.body}`);
    endpointId = (created.json() as { endpoint: { id: string } }).endpoint.id;
    await app.close();
  }, 120_000);

  afterAll(async () => {
    if (worker) await stop(worker);
    await db?.stop();
    await rx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`delivers every one of ${QUEUED} events at least once, and loses none`, async () => {
    await sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
       SELECT 'whmsg_s' || g, $1, 'contact.created',
              jsonb_build_object('data', jsonb_build_object('contact', jsonb_build_object('id', 'ctc_s' || g))), now()
         FROM generate_series(1, $2) g`,
      [workspaceId, QUEUED],
    );
    const received = () =>
      new Set(
        rx
          .at('/drain')
          .filter((r) => (JSON.parse(r.body) as { type: string }).type === 'contact.created')
          .map((r) => String(r.headers['webhook-id'])),
      );
    ({ child: worker } = await launch(
      'dist/worker.js',
      {
        DATABASE_URL: db.url,
        SECRET_ENCRYPTION_KEY: SECRET_KEY.toString('base64'),
        DATA_DIR: dir,
        WEBHOOK_ALLOWED_TARGETS: rx.target,
        NODE_EXTRA_CA_CERTS: new URL('../../support/tls/ca.pem', import.meta.url).pathname,
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000',
        WEBHOOK_LEASE_SECONDS: '4',
        OUTBOX_LEASE_SECONDS: '3',
      },
      /workers running/,
    ));
    await sql('NOTIFY outbox');
    for (const deadline = Date.now() + 60_000; received().size < QUEUED * 0.3; await sleep(10))
      if (Date.now() > deadline) throw new Error(`the drain did not start (${received().size} received)`);

    await stopPostgresImmediately(dir);
    const atStop = received().size;
    expect(atStop).toBeLessThan(QUEUED); // it really stopped mid-drain
    await sleep(2_000);
    db = await startEmbeddedPostgres(dir, DATABASE, { port });

    let done = 0;
    for (const deadline = Date.now() + 150_000; Date.now() < deadline; await sleep(250)) {
      done = (
        await sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'SUCCEEDED'`, [
          endpointId,
        ])
      )[0]!.n;
      if (done === QUEUED) break;
    }
    expect(worker!.exitCode).toBeNull(); // it rode the outage out
    expect(done).toBe(QUEUED);
    expect(await sql(`SELECT 1 FROM outbox WHERE workspace_id = $1 AND processed_at IS NULL`, [workspaceId])).toEqual([]);
    const ids = received();
    for (let i = 1; i <= QUEUED; i++) expect(ids.has(`whmsg_s${i}`)).toBe(true);
    expect(ids.size).toBe(QUEUED);
    process.stdout.write(`postgres immediate stop: ${atStop} of ${QUEUED} received at the stop, all ${QUEUED} at the end\n`);
  }, 300_000);
});
