import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/platform/database/embedded-postgres.js';
import { migrate } from '../../../src/platform/database/orm.js';
import { loadConfig } from '../../../src/platform/config/config.js';
import { createHttpApp } from '../../../src/http-app.js';
import { aTenant } from '../../factories/access.factory.js';

/** Fails (instead of waiting for jest's time-out) when a request hangs: the property is "no hang", not speed. */
function within<T>(ms: number, p: Promise<T>, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, rej) => setTimeout(() => rej(new Error(`${what} hung for ${ms} ms`)), ms).unref())]);
}

/**
 * PostgreSQL goes away under load and comes back. The test owns its PostgreSQL (an embedded cluster in a
 * temporary directory), never the machine's shared server.
 */
describe('when PostgreSQL is down', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bp-outage-'));
  let db: EmbeddedDatabase;
  let port: number;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await startEmbeddedPostgres(dir, 'outage');
    port = Number(new URL(db.url).port);
    await migrate(db.url);
    const config = loadConfig({ DATABASE_URL: db.url, DATA_DIR: dir, RATE_LIMIT_BURST_REQUESTS: '100000' });
    ({ app } = await createHttpApp(
      config,
      { databaseUrl: db.url, secretKey: Buffer.alloc(32, 5), runWorkers: true },
      pino({ level: 'silent' }),
    ));
    await app.getHttpAdapter().getInstance().ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 problem+json without hanging while it is stopped, and recovers without a restart', async () => {
    const tenant = await aTenant(app.get(CommandBus));
    const get = (url = '/v1/contacts') => app.inject({ method: 'GET', url, headers: tenant.auth });
    expect((await get()).statusCode).toBe(200);

    await db.stop();
    const down = await within(
      15_000,
      Promise.all(Array.from({ length: 20 }, (_, i) => get(i % 2 ? '/v1/pages' : '/v1/contacts'))),
      'requests during the outage',
    );
    for (const res of down) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'service_unavailable', request_id: res.headers['x-request-id'] });
      expect(res.headers['retry-after']).toBeDefined();
    }
    const ready = await within(15_000, app.inject({ method: 'GET', url: '/health/ready' }), 'readiness during the outage');
    expect(ready.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);

    await new Promise((r) => setTimeout(r, 3_000)); // three seconds down, the workers still polling (several idle ticks)
    db = await startEmbeddedPostgres(dir, 'outage', { port });
    let last = 0;
    for (let i = 0; i < 100 && last !== 200; i++) {
      last = (await get()).statusCode;
      if (last !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(last).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  }, 120_000);
});
