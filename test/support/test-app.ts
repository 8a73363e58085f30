import type { Type } from '@nestjs/common';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { loadConfig, type AppConfig } from '../../src/platform/config/config.js';
import { createHttpApp } from '../../src/http-app.js';
import type { RouteTable } from '../../src/platform/http/route-table.js';
import { LOG_PRIVACY } from '../../src/platform/observability/logger.js';
import { OpenApiDocument } from '../../src/platform/openapi/openapi.js';
import type { Clock } from '../../src/platform/time/clock.js';
import { ContractChecker } from './contract.js';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A body the handler sent already compressed (a precompressed document), as the client reads it. */
function decoded(payload: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
  return payload.toString('utf8');
}

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_ADMIN_URL!;
  const template = process.env.TEST_TEMPLATE_DB!;
  const name = `${template}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await client.end();
  return {
    url: withDatabase(admin, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: NestFastifyApplication;
  routes: RouteTable;
  config: AppConfig;
  databaseUrl: string;
  commands: CommandBus;
  queries: QueryBus;
  /** every log line written, for redaction checks */
  logs: string[];
  /** Checks every response against the served OpenAPI document (the contract test); throws on a violation. */
  inject: NestFastifyApplication['inject'];
  /** every contract violation seen so far, by inject or over a real connection (close() fails on any) */
  contractViolations: string[];
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Boots the real module graph (Fastify, MikroORM, all contexts) on a fresh database; `clock` replaces the system's.
 * With `pooler`, the application reaches the database through the URL it returns for the direct one (a connection
 * pooler's), and LISTENs on the direct URL (DATABASE_LISTEN_URL); `databaseUrl` and `sql` stay direct.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    extra?: Type<unknown>[];
    runWorkers?: boolean;
    logLevel?: string;
    clock?: Clock;
    pooler?: (directUrl: string) => string;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-test-data-'));
  const appUrl = options.pooler ? options.pooler(db.url) : db.url;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_API_URL: 'http://127.0.0.1:3000',
    ...(options.pooler ? { DATABASE_LISTEN_URL: db.url } : {}),
    ...options.env,
    DATABASE_URL: appUrl,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const logger = pino({ level: options.logLevel ?? 'info', ...LOG_PRIVACY }, sink);
  const runtime = { databaseUrl: appUrl, secretKey: Buffer.alloc(32, 9), runWorkers: options.runWorkers ?? false, clock: options.clock };
  const { app, routes } = await createHttpApp(config, runtime, logger, options.extra ?? []);
  // The contract test: every response the suite receives, by inject or over a real connection, is checked
  // against the document the app serves (test/support/contract.ts).
  const contract = new ContractChecker(app.get(OpenApiDocument).document!);
  const contractViolations: string[] = [];
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', (req, reply, payload, done) => {
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? decoded(payload, reply.getHeader('content-encoding')) : undefined;
    if (payload === null || payload === undefined || body !== undefined)
      contractViolations.push(
        ...contract.check({
          method: req.method,
          route: req.routeOptions?.url,
          url: req.url,
          status: reply.statusCode,
          headers: reply.getHeaders(),
          body: body || undefined,
        }),
      );
    done(null, payload);
  });
  await fastify.ready();
  const inject = (async (opts?: unknown) => {
    const seen = contractViolations.length;
    const res = await app.inject(opts as never);
    if (contractViolations.length > seen) throw new Error(`Contract violation:\n${contractViolations.slice(seen).join('\n')}`);
    return res;
  }) as TestApp['inject'];
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  // pool.end() resolves before its sockets close; DROP DATABASE ... WITH (FORCE) then cuts them (57P01),
  // and an 'error' with no listener would be an uncaught exception in whichever test runs next.
  pool.on('error', () => undefined);
  return {
    app,
    routes,
    config,
    databaseUrl: db.url,
    commands: app.get(CommandBus),
    queries: app.get(QueryBus),
    logs,
    inject,
    contractViolations,
    sql: async (text, params) => (await pool.query(text, params)).rows,
    close: async () => {
      await app.close();
      await pool.end();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (contractViolations.length > 0) throw new Error(`Contract violations:\n${contractViolations.join('\n')}`);
    },
  };
}

/**
 * The longest a connection of the test's database sat idle in a transaction, sampled `samples` times `everyMs` apart:
 * a transaction held across a network wait shows as seconds; one caught between two of its statements, a moment.
 */
export async function longestIdleInTransactionMs(app: Pick<TestApp, 'sql'>, samples = 20, everyMs = 50): Promise<number> {
  let longest = 0;
  for (let i = 0; i < samples; i++) {
    const [row] = await app.sql<{ ms: number | null }>(
      `SELECT max(extract(epoch FROM now() - state_change) * 1000)::int AS ms FROM pg_stat_activity
       WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    longest = Math.max(longest, row!.ms ?? 0);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return longest;
}
