import { config as loadDotenv } from 'dotenv';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { AppRuntime } from './platform/config/config.module.js';
import { ConfigError, loadConfig, type AppConfig } from './platform/config/config.js';
import { databaseLocation } from './platform/database/database-location.js';
import type { EmbeddedDatabase } from './platform/database/embedded-postgres.js';
import { migrate } from './platform/database/orm.js';
import { createLogger } from './platform/observability/logger.js';

export interface Prepared {
  config: AppConfig;
  runtime: AppRuntime;
  logger: Logger;
  embedded: EmbeddedDatabase | null;
}

/** Refuses Node < 24.9 with a clear message (the project pins Node 24 in node_modules/.bin). */
export function requireNode24(): void {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  if (major < 24 || (major === 24 && minor < 9)) {
    console.error(
      `bio-page-service needs Node >= 24.9 but runs on ${process.versions.node}. ` +
        'Run it through npm (npm start), which uses the pinned Node 24.',
    );
    process.exit(1);
  }
}

/** Outside production, a missing SECRET_ENCRYPTION_KEY is generated once and kept in the data directory. */
async function developmentSecretKey(dataDir: string): Promise<Buffer> {
  const file = join(dataDir, 'secret-encryption-key');
  if (existsSync(file)) return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString('base64') + '\n', { mode: 0o600 });
  return key;
}

/**
 * DATA_DIR holds no cluster of the embedded PostgreSQL, and the caller (the CLI without `--init`) may not create one.
 * Its message names the folder and the ways out, in one line.
 */
export class NoEmbeddedCluster extends Error {
  constructor(readonly dataDir: string) {
    super(
      `no embedded PostgreSQL in ${dataDir} (DATA_DIR): start the service first (npm start) with this DATA_DIR, ` +
        'set DATABASE_URL to your server, or pass --init to create a new cluster there',
    );
  }
}

export interface PrepareOptions {
  runWorkers?: boolean;
  logLevel?: string;
  role?: 'api' | 'worker';
  /** The process takes SIGINT and SIGTERM itself and stops the embedded PostgreSQL last (see `prepare`). */
  ownsSignals?: boolean;
  /**
   * Whether a DATA_DIR without a cluster gets a new one (the servers: yes, as on every first start). When false (the
   * CLI without `--init`) `prepare` throws NoEmbeddedCluster and leaves DATA_DIR as it found it.
   */
  createCluster?: boolean;
  /** Told once, before the database is touched, which one is used (the CLI prints it on stderr). */
  onDatabase?: (line: string) => void;
}

/**
 * Everything before the Nest application: configuration (validated; a bad value stops the start naming
 * the variable), the master key, the database (DATABASE_URL or the embedded PostgreSQL in ./.data),
 * and pending migrations. `ownsSignals`: the process takes SIGINT and SIGTERM itself (graceful-stop.ts) and stops
 * the embedded PostgreSQL last; without it, a signal stops the embedded PostgreSQL and exits (the CLI).
 */
export async function prepare(options: PrepareOptions = {}): Promise<Prepared> {
  requireNode24();
  loadDotenv({ quiet: true });
  let config: AppConfig;
  try {
    config = loadConfig(process.env, options.role);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(options.logLevel ?? config.logLevel, config.logFormat);
  if (config.webhookAllowedTargets.length > 0) {
    logger.warn(
      { targets: config.webhookAllowedTargets },
      'WEBHOOK_ALLOWED_TARGETS is set: these targets skip the SSRF guard. Test use only.',
    );
  }
  if (config.webhookRetryDelays) {
    logger.warn({ delays: config.webhookRetryDelays }, 'WEBHOOK_RETRY_DELAYS is set: the retry ladder is replaced. Test use only.');
  }
  if (!config.database.preparedStatements && !config.database.listenUrl && config.databaseUrl) {
    logger.warn(
      'DATABASE_PREPARED_STATEMENTS is off but DATABASE_LISTEN_URL is unset: behind a pooler in transaction mode, LISTEN ' +
        'must reach PostgreSQL directly, else changes are seen only by polling (docs/adr/0050).',
    );
  }
  const dataDir = resolve(config.dataDir);
  if (config.databaseUrl) {
    options.onDatabase?.(`Using PostgreSQL at ${databaseLocation(config.databaseUrl)}`);
  } else {
    // Checked before anything is written to DATA_DIR (the development key below), so that a refusal leaves it as it was.
    const { embeddedClusterExists } = await import('./platform/database/embedded-postgres.js');
    const exists = embeddedClusterExists(dataDir);
    if (!exists && options.createCluster === false) throw new NoEmbeddedCluster(dataDir);
    options.onDatabase?.(`Using the embedded PostgreSQL in ${dataDir}${exists ? '' : ' (a new cluster)'}`);
  }
  const secretKey = config.secretEncryptionKey ?? (await developmentSecretKey(config.dataDir));
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // Imported only when used: it loads the embedded-postgres package.
    const { startEmbeddedPostgres, EmbeddedPostgresUnavailable } = await import('./platform/database/embedded-postgres.js');
    try {
      embedded = await startEmbeddedPostgres(config.dataDir, undefined, { stopOnSignal: !options.ownsSignals });
    } catch (err) {
      if (!(err instanceof EmbeddedPostgresUnavailable)) throw err;
      console.error(err.message); // one line naming the fix, no trace
      process.exit(1);
    }
    databaseUrl = embedded.url;
    logger.info({ dataDir: config.dataDir }, 'Using the embedded PostgreSQL (set DATABASE_URL to use your own server)');
  }
  const applied = await migrate(databaseUrl);
  if (applied.length > 0) logger.info({ migrations: applied }, 'Applied migrations');
  return { config, logger, embedded, runtime: { databaseUrl, secretKey, runWorkers: options.runWorkers ?? config.runWorkers } };
}
