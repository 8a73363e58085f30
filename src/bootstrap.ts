import { config as loadDotenv } from 'dotenv';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { AppRuntime } from './platform/config/config.module.js';
import { ConfigError, loadConfig, type AppConfig } from './platform/config/config.js';
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
 * Everything before the Nest application: configuration (validated; a bad value stops the start naming
 * the variable), the master key, the database (DATABASE_URL or the embedded PostgreSQL in ./.data),
 * and pending migrations. `ownsSignals`: the process takes SIGINT and SIGTERM itself (graceful-stop.ts) and stops
 * the embedded PostgreSQL last; without it, a signal stops the embedded PostgreSQL and exits (the CLI).
 */
export async function prepare(
  options: { runWorkers?: boolean; logLevel?: string; role?: 'api' | 'worker'; ownsSignals?: boolean } = {},
): Promise<Prepared> {
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
