import type { z } from 'zod';
import type {
  EventStreamsConfig,
  FileStorageConfig,
  FilesConfig,
  MetricsConfig,
  S3Settings,
  SiteConfig,
  WebhookDispatchConfig,
} from './config-sections.js';
import { envSchema, WORKER_ROLES, type WorkerRole } from './env.schema.js';

/** Validated runtime configuration. Every name here is listed in docs/contract/decisions.md or docs/configuration.md. */
export interface AppConfig {
  nodeEnv: string;
  host: string;
  port: number;
  databaseUrl: string | undefined;
  publicApiUrl: string;
  publicSiteUrl: string;
  docsUrl: string;
  runWorkers: boolean;
  /** WORKER_ROLES: which background loops a process with RUN_WORKERS runs (all four by default) */
  workerRoles: WorkerRole[];
  secretEncryptionKey: Buffer | undefined;
  /** retired master keys, accepted for reading only (SECRET_ENCRYPTION_KEY_PREVIOUS) */
  previousSecretKeys: Buffer[];
  fileStorageDir: string;
  /** FILE_STORAGE and, for `s3`, the object store (docs/adr/0064) */
  fileStorage: FileStorageConfig;
  /** uploads (docs/adr/0045) and public downloads (docs/adr/0064): their limits */
  files: FilesConfig;
  dataDir: string;
  /**
   * The burst limit, and RATE_LIMIT_MAX_PENDING: requests one process may hold waiting for their admission
   * (the limiter's in-memory state); past it a request is answered 503 with Retry-After instead of queued.
   */
  rateLimit: { burstRequests: number; burstWindowSeconds: number; maxPending: number };
  quota: { creatorUnits: number; proUnits: number };
  webhookAllowedTargets: string[];
  webhookRetryDelays: number[] | undefined;
  webhookLeaseSeconds: number;
  /** OUTBOX_LEASE_SECONDS: how long a relay owns a claimed outbox batch (one that died mid-batch: then another) */
  outboxLeaseSeconds: number;
  /** OUTBOX_BATCH_SIZE: outbox rows a relay claims at once (docs/adr/0096) */
  outboxBatchSize: number;
  /**
   * OUTBOX_RELAY_PIPELINE: whether a relay claims and sends the next batch while the one before is written (two batches
   * in hand at most, each write after the one before); off, one batch at a time (docs/adr/0056)
   */
  outboxRelayPipeline: boolean;
  /** STATISTICS_REFRESH_SECONDS: how often the workers refresh the statistics of tables that outgrew them (0: never) */
  statisticsRefreshSeconds: number;
  /** the dispatcher's bounds (docs/adr/0093): attempt time-out, in-flight limits, claim size */
  webhookDispatch: WebhookDispatchConfig;
  retentionDays: { webhookDeliveries: number; analyticsFacts: number };
  /**
   * pooled connections: the API's, the workers' own, and how long a caller may wait for a free one; whether
   * statements are named prepared statements (DATABASE_PREPARED_STATEMENTS), and the URL LISTEN connects to
   * (DATABASE_LISTEN_URL; undefined: the database's own) (docs/adr/0050)
   */
  database: { poolSize: number; workerPoolSize: number; poolWaitMs: number; preparedStatements: boolean; listenUrl: string | undefined };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Which proxies to believe about the client address (`X-Forwarded-For`): false (the socket's peer is the
   * client), a hop count, or proxy addresses and CIDRs (TRUST_PROXY).
   */
  trustProxy: false | number | string[];
  /** HTTP_REQUEST_TIMEOUT_SECONDS: a request must arrive in full within this long (ms), else 408 */
  requestTimeoutMs: number;
  /** SHUTDOWN_DRAIN_MS: after SIGTERM, how long an API process stays unready yet serving (docs/adr/0051) */
  shutdownDrainMs: number;
  /**
   * The lease of an Idempotency-Key's in-flight claim, HTTP_REQUEST_TIMEOUT_SECONDS: an operation must store
   * its outcome within it (else it is rolled back), and a claim left by a crashed process is free after it.
   */
  idempotencyLeaseSeconds: number;
  /** LOG_FORMAT: json or pretty; undefined follows the output (pretty in a terminal) */
  logFormat: 'json' | 'pretty' | undefined;
  /** SITE_CDN_MAX_AGE: live pages cacheable by a CDN for this many seconds, views counted by a beacon (null: off) */
  siteCdnMaxAge: number | null;
  /** the live site's memory bounds and view counting (docs/adr/0037) */
  site: SiteConfig;
  /** where /metrics is served (docs/adr/0038): its own listener, and/or the public port behind a bearer token */
  metrics: MetricsConfig;
  /** the event streams an API process holds, and their heartbeat (docs/adr/0067) */
  eventStreams: EventStreamsConfig;
  /** custom domains' DNS checks (docs/adr/0094): DNS_RESOLVERS (undefined: the system's), DNS_TIMEOUT_MS, DOMAIN_CHECK_BATCH */
  customDomains: { dnsResolvers: string[] | undefined; dnsTimeoutMs: number; checkBatch: number };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses and validates configuration from an environment map. Empty strings count as unset.
 * Throws ConfigError naming the first bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>, role: 'api' | 'worker' = 'api'): AppConfig {
  const v = parseEnv(env);
  if (v.NODE_ENV === 'production' && !v.SECRET_ENCRYPTION_KEY) {
    throw new ConfigError('SECRET_ENCRYPTION_KEY', 'is required when NODE_ENV=production');
  }
  const attemptTimeoutMs = v.WEBHOOK_ATTEMPT_TIMEOUT_MS;
  const webhookLeaseSeconds = v.WEBHOOK_LEASE_SECONDS ?? Math.ceil((6 * attemptTimeoutMs) / 1000);
  if (webhookLeaseSeconds * 1000 < attemptTimeoutMs + 1000) {
    throw new ConfigError('WEBHOOK_LEASE_SECONDS', `must outlast WEBHOOK_ATTEMPT_TIMEOUT_MS by at least a second (${attemptTimeoutMs} ms)`);
  }
  if (v.DATABASE_LISTEN_URL && !v.DATABASE_URL) {
    throw new ConfigError('DATABASE_LISTEN_URL', 'needs DATABASE_URL (the embedded PostgreSQL listens on its own connection)');
  }
  const publicApiUrl = v.PUBLIC_API_URL ?? `http://${v.HOST.includes(':') ? `[${v.HOST}]` : v.HOST}:${v.PORT}`;
  return {
    nodeEnv: v.NODE_ENV,
    host: v.HOST,
    port: v.PORT,
    databaseUrl: v.DATABASE_URL,
    publicApiUrl,
    publicSiteUrl: v.PUBLIC_SITE_URL ?? `${publicApiUrl}/p`,
    docsUrl: v.DOCS_URL ?? `${publicApiUrl}/docs`,
    runWorkers: v.RUN_WORKERS,
    workerRoles: (v.WORKER_ROLES as WorkerRole[] | undefined) ?? [...WORKER_ROLES],
    secretEncryptionKey: v.SECRET_ENCRYPTION_KEY,
    previousSecretKeys: v.SECRET_ENCRYPTION_KEY_PREVIOUS ?? [],
    dataDir: v.DATA_DIR,
    fileStorageDir: v.FILE_STORAGE_DIR ?? `${v.DATA_DIR}/files`,
    fileStorage: fileStorageOf(v),
    files: filesOf(v),
    rateLimit: {
      burstRequests: v.RATE_LIMIT_BURST_REQUESTS,
      burstWindowSeconds: v.RATE_LIMIT_BURST_WINDOW_SECONDS,
      maxPending: v.RATE_LIMIT_MAX_PENDING,
    },
    quota: { creatorUnits: v.QUOTA_CREATOR_UNITS, proUnits: v.QUOTA_PRO_UNITS },
    webhookAllowedTargets: v.WEBHOOK_ALLOWED_TARGETS ?? [],
    webhookRetryDelays: v.WEBHOOK_RETRY_DELAYS,
    webhookLeaseSeconds,
    outboxLeaseSeconds: v.OUTBOX_LEASE_SECONDS,
    outboxBatchSize: v.OUTBOX_BATCH_SIZE,
    outboxRelayPipeline: v.OUTBOX_RELAY_PIPELINE,
    statisticsRefreshSeconds: v.STATISTICS_REFRESH_SECONDS,
    webhookDispatch: {
      attemptTimeoutMs,
      maxInFlight: v.WEBHOOK_MAX_IN_FLIGHT,
      workspaceMaxInFlight: v.WEBHOOK_WORKSPACE_MAX_IN_FLIGHT,
      endpointMaxInFlight: v.WEBHOOK_ENDPOINT_MAX_IN_FLIGHT,
      slowEndpointMaxInFlight: v.WEBHOOK_SLOW_ENDPOINT_MAX_IN_FLIGHT,
      claimBatch: v.WEBHOOK_CLAIM_BATCH,
      firstAttemptWaitMs: v.WEBHOOK_FIRST_ATTEMPT_WAIT_MS,
    },
    retentionDays: { webhookDeliveries: v.WEBHOOK_DELIVERY_RETENTION_DAYS, analyticsFacts: v.ANALYTICS_FACT_RETENTION_DAYS },
    database: {
      // Role-derived defaults (docs/adr/0051): the pools a process of this role actually draws from.
      poolSize: v.DATABASE_POOL_SIZE ?? (role === 'worker' ? 2 : 15),
      workerPoolSize: v.DATABASE_WORKER_POOL_SIZE ?? (role === 'worker' || v.RUN_WORKERS ? 8 : 2),
      poolWaitMs: v.DATABASE_POOL_WAIT_MS,
      preparedStatements: v.DATABASE_PREPARED_STATEMENTS,
      listenUrl: v.DATABASE_LISTEN_URL,
    },
    logLevel: v.LOG_LEVEL,
    logFormat: v.LOG_FORMAT,
    trustProxy: v.TRUST_PROXY ?? false,
    siteCdnMaxAge: v.SITE_CDN_MAX_AGE ?? null,
    site: {
      cacheMaxBytes: v.SITE_CACHE_MAX_BYTES,
      visitBufferMax: v.VISIT_BUFFER_MAX,
      viewsPerAddressPerMinute: v.SITE_VIEWS_PER_ADDRESS_PER_MINUTE,
      viewLimitTracked: v.SITE_VIEW_LIMIT_TRACKED,
    },
    requestTimeoutMs: v.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    shutdownDrainMs: v.SHUTDOWN_DRAIN_MS,
    idempotencyLeaseSeconds: v.HTTP_REQUEST_TIMEOUT_SECONDS,
    metrics: { port: v.METRICS_PORT, host: v.METRICS_HOST, token: v.METRICS_TOKEN },
    eventStreams: {
      max: v.EVENT_STREAMS_MAX,
      perWorkspace: v.EVENT_STREAMS_PER_WORKSPACE,
      perKey: v.EVENT_STREAMS_PER_KEY,
      heartbeatMs: v.EVENT_STREAM_HEARTBEAT_MS,
      keyCheckMs: v.EVENT_STREAM_KEY_CHECK_MS,
      maxSeconds: v.EVENT_STREAM_MAX_SECONDS,
    },
    customDomains: { dnsResolvers: v.DNS_RESOLVERS, dnsTimeoutMs: v.DNS_TIMEOUT_MS, checkBatch: v.DOMAIN_CHECK_BATCH },
  };
}

/** The path the live site is mounted at: PUBLIC_SITE_URL's path (`/p` by default; '' serves slugs at the root). */
type EnvValues = { [K in keyof typeof envSchema]: z.output<(typeof envSchema)[K]> };

/** Every variable of the schema, parsed and validated; empty strings count as unset. Throws ConfigError. */
function parseEnv(env: Record<string, string | undefined>): EnvValues {
  const values: Record<string, unknown> = {};
  for (const [name, parser] of Object.entries(envSchema)) {
    const raw = env[name] === '' ? undefined : env[name];
    const result = (parser as z.ZodType).safeParse(raw);
    if (!result.success) {
      throw new ConfigError(name, result.error.issues[0]?.message ?? 'is invalid');
    }
    values[name] = result.data;
  }
  return values as EnvValues;
}

function filesOf(v: EnvValues): FilesConfig {
  if (v.FILE_DOWNLOADS_PER_CLIENT > v.FILE_DOWNLOADS_MAX) {
    throw new ConfigError('FILE_DOWNLOADS_PER_CLIENT', `must not exceed FILE_DOWNLOADS_MAX (${v.FILE_DOWNLOADS_MAX})`);
  }
  return {
    uploadMaxBytes: v.FILE_UPLOAD_MAX_BYTES,
    storageQuotaBytes: v.FILE_STORAGE_QUOTA_BYTES,
    downloadsMax: v.FILE_DOWNLOADS_MAX,
    downloadsPerClient: v.FILE_DOWNLOADS_PER_CLIENT,
    downloadIdleMs: v.FILE_DOWNLOAD_IDLE_SECONDS * 1000,
  };
}

function fileStorageOf(v: EnvValues): FileStorageConfig {
  return v.FILE_STORAGE === 'local' ? { kind: 'local' } : s3Of(v, 'when FILE_STORAGE=s3');
}

/**
 * The object store the S3_* settings name, whatever FILE_STORAGE says: what `files migrate --to s3` copies to while
 * the service still serves from its local directory. Throws ConfigError (S3_BUCKET unset, say).
 */
export function s3SettingsOf(env: Record<string, string | undefined>): S3Settings {
  return s3Of(parseEnv(env), 'for the object store');
}

function s3Of(v: EnvValues, needed: string): S3Settings {
  if (!v.S3_BUCKET) throw new ConfigError('S3_BUCKET', `is required ${needed}`);
  if (!v.S3_ACCESS_KEY_ID !== !v.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(v.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'must be set with its pair, or neither');
  }
  return {
    kind: 's3',
    endpoint: v.S3_ENDPOINT,
    region: v.S3_REGION,
    bucket: v.S3_BUCKET,
    credentials: v.S3_ACCESS_KEY_ID ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: v.S3_FORCE_PATH_STYLE,
    uploadBuffers: v.S3_UPLOAD_BUFFERS,
    readSockets: v.S3_READ_SOCKETS,
    writeSockets: v.S3_WRITE_SOCKETS,
  };
}

export function sitePath(publicSiteUrl: string): string {
  return new URL(publicSiteUrl).pathname.replace(/\/+$/, '');
}
