import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aTenant } from '../../factories/access.factory.js';
import { sql as statement } from '../../../src/platform/database/query-builder.js';
import { Sql } from '../../../src/platform/database/sql.js';

describe('the API when PostgreSQL cuts its connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
  });
  afterAll(() => t.close());

  it('survives an administrator terminating every idle connection (57P01) and keeps serving', async () => {
    const tenant = await aTenant(t.commands);
    expect((await t.inject({ method: 'GET', url: '/v1/contacts', headers: tenant.auth })).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_URL });
    await admin.connect();
    try {
      const dbName = new URL(t.databaseUrl).pathname.slice(1);
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [dbName],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200)); // let the pools see the FATAL messages
    // The process is still up (an unhandled pool 'error' would have crashed this jest worker) and serves again.
    const res = await t.inject({ method: 'GET', url: '/v1/contacts', headers: tenant.auth });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('fails a transaction whose connection is cut between two statements, without crashing, and the pool recovers', async () => {
    const sql = t.app.get(Sql);
    const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_URL });
    await admin.connect();
    try {
      const outcome = sql.transaction(async () => {
        const { pid } = (await sql.one(statement<{ pid: number }>`SELECT pg_backend_pid() AS pid`))!;
        await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
        await new Promise((r) => setTimeout(r, 200)); // the FATAL arrives while the client is checked out and idle
        await sql.one(statement`SELECT 1`);
      });
      await expect(outcome).rejects.toThrow();
    } finally {
      await admin.end();
    }
    expect(await sql.one(statement<{ ok: number }>`SELECT 1 AS ok`)).toEqual({ ok: 1 });
    await expect(sql.transaction(() => sql.one(statement<{ ok: number }>`SELECT 1 AS ok`))).resolves.toEqual({ ok: 1 });
  });

  it('does not lend a finished transaction to work it scheduled: a late statement runs on the pool, \
not inside another transaction', async () => {
    const sql = t.app.get(Sql);
    let late: Promise<boolean> | undefined;
    await sql.transaction(async () => {
      late = new Promise((resolve) => setTimeout(() => resolve(sql.inTransaction()), 50));
    });
    // Another transaction is open when the scheduled callback runs.
    await sql.transaction(async () => {
      expect(await late).toBe(false);
    });
  });
});
