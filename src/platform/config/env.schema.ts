import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The environment variables the service reads, each with its parser: what `loadConfig` validates before it maps
 * them onto AppConfig. Every name here is listed in docs/contract/decisions.md or docs/configuration.md.
 */

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`);

const httpUrl = z
  .string()
  .url('must be an absolute URL')
  .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
  .transform((u) => u.replace(/\/+$/, ''));

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));

/** A proxy address, a CIDR, or one of proxy-addr's names for address ranges. */
function proxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** The background loops a process with RUN_WORKERS may run; WORKER_ROLES picks some (all by default). */
export const WORKER_ROLES = ['relay', 'dispatcher', 'scheduler', 'janitor'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

/** A bearer token shorter than this could be guessed: refused at start-up. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

const hostPort = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;

export const envSchema = {
  NODE_ENV: z.string().default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65535).default(3000),
  DATABASE_URL: z
    .string()
    .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// URL')
    .optional(),
  // Behind a pooler in transaction mode (PgBouncer), LISTEN needs a connection of its own straight to PostgreSQL:
  // this URL (unset: DATABASE_URL). Set only with DATABASE_URL (docs/adr/0050).
  DATABASE_LISTEN_URL: z
    .string()
    .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// URL')
    .optional(),
  // Each distinct statement text runs as a named prepared statement (true), or unnamed (false: for a pooler in
  // transaction mode, such as Debian's PgBouncer 1.18, whose server connections change between transactions).
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  PUBLIC_API_URL: httpUrl.optional(),
  PUBLIC_SITE_URL: httpUrl.optional(),
  DOCS_URL: httpUrl.optional(),
  RUN_WORKERS: bool.default(true),
  WORKER_ROLES: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    )
    .refine(
      (roles) => roles.length > 0 && roles.every((r) => (WORKER_ROLES as readonly string[]).includes(r)),
      `must be a comma-separated list of ${WORKER_ROLES.join(', ')}`,
    )
    .optional(),
  SECRET_ENCRYPTION_KEY: z
    .string()
    .transform((s) => Buffer.from(s, 'base64'))
    .refine((b) => b.length === 32, 'must be the base64 encoding of exactly 32 bytes')
    .optional(),
  // Master keys being retired (comma-separated, base64 of 32 bytes each): still accepted for reading,
  // never used to write. See docs/operations.md, "Rotating the master key".
  SECRET_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => Buffer.from(t, 'base64')),
    )
    .refine((keys) => keys.every((b) => b.length === 32), 'must be a comma-separated list of base64 encodings of exactly 32 bytes')
    .optional(),
  FILE_STORAGE_DIR: z.string().min(1).optional(),
  // Where file bytes live (docs/adr/0064): `local` (FILE_STORAGE_DIR, the default) or `s3`, any S3-compatible
  // object store (S3, R2, MinIO, Ceph, GCS's S3 API) named by the S3_* settings; a service on several machines needs s3.
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Uploads to S3 are sent in parts of 5 MiB held in memory (the least S3 takes); one process holds at most this
  // many at once (20 MiB by default), and an upload that waits 10 s for one is answered 503 (docs/adr/0064).
  S3_UPLOAD_BUFFERS: int(1, 1024).default(4),
  // Reads and writes to S3 go through two clients with socket pools of their own, so that downloads never hold a
  // socket an upload needs (docs/adr/0064, amended): at most this many requests of each kind at once per process.
  S3_READ_SOCKETS: int(1, 1024).default(64),
  S3_WRITE_SOCKETS: int(1, 1024).default(32),
  // POST /v1/files: the largest file one upload may carry (10 MiB), and the bytes of files one workspace may hold in
  // all (1 GiB); past them 413 payload_too_large and 422 storage_quota_exceeded (docs/adr/0045).
  FILE_UPLOAD_MAX_BYTES: int(1, 50 * 1024 * 1024).default(10 * 1024 * 1024),
  FILE_STORAGE_QUOTA_BYTES: int(0, Number.MAX_SAFE_INTEGER).default(1024 * 1024 * 1024),
  // Public file downloads (`/files/…`) one API process sends at once, in all and per client address (an IPv6
  // address counts by its /64); past them 503 service_unavailable and 429 rate_limited. A download whose
  // connection takes no byte for FILE_DOWNLOAD_IDLE_SECONDS is ended (docs/adr/0064, amended).
  FILE_DOWNLOADS_MAX: int(1, 100_000).default(512),
  FILE_DOWNLOADS_PER_CLIENT: int(1, 100_000).default(100),
  FILE_DOWNLOAD_IDLE_SECONDS: int(1, 3600).default(30),
  DATA_DIR: z.string().min(1).default('./.data'),
  RATE_LIMIT_BURST_REQUESTS: int(1, 1_000_000).default(100),
  RATE_LIMIT_BURST_WINDOW_SECONDS: int(1, 86_400).default(10),
  QUOTA_CREATOR_UNITS: int(0, 1_000_000_000).default(10_000),
  QUOTA_PRO_UNITS: int(0, 1_000_000_000).default(100_000),
  WEBHOOK_ALLOWED_TARGETS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((t) => hostPort.test(t)), 'must be a comma-separated list of host:port pairs')
    .optional(),
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .transform((s) => s.split(',').map((t) => t.trim()))
    .refine((l) => l.length >= 1 && l.every((t) => /^\d+(\.\d+)?$/.test(t)), 'must be comma-separated seconds')
    .transform((l) => l.map(Number))
    .optional(),
  // An attempt gives up after this long (connect, send, answer); the claim lease follows from it.
  WEBHOOK_ATTEMPT_TIMEOUT_MS: int(1_000, 30_000).default(10_000),
  // How long a dispatcher owns a claimed delivery. Unset: six attempt time-outs (60 s by default). It must outlast
  // an attempt by at least a second. Lowered by the crash test.
  WEBHOOK_LEASE_SECONDS: int(2, 3600).optional(),
  // How long an outbox relay owns the batch it claimed; a relay that dies mid-batch leaves it to another after this.
  OUTBOX_LEASE_SECONDS: int(2, 3600).default(30),
  // Outbox rows a relay claims at once (docs/adr/0096): the batch whose first attempts it sends and writes together.
  OUTBOX_BATCH_SIZE: int(1, 2_000).default(200),
  // How often a worker looks for tables that changed by more than their own size since their statistics were taken,
  // and analyzes them (docs/adr/0080); 0: never (autovacuum's own pace alone).
  STATISTICS_REFRESH_SECONDS: int(0, 3600).default(5),
  // true: a relay claims and sends the next batch while the previous one is written; false: one batch at a time.
  OUTBOX_RELAY_PIPELINE: bool.default(true),
  // The dispatcher's fairness bounds, per worker process (docs/adr/0093).
  WEBHOOK_MAX_IN_FLIGHT: int(1, 100_000).default(1024),
  WEBHOOK_WORKSPACE_MAX_IN_FLIGHT: int(1, 100_000).default(256),
  WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: int(1, 10_000).default(32),
  WEBHOOK_SLOW_ENDPOINT_MAX_IN_FLIGHT: int(1, 10_000).default(2),
  WEBHOOK_CLAIM_BATCH: int(1, 10_000).default(256),
  WEBHOOK_FIRST_ATTEMPT_WAIT_MS: int(0, 5_000).default(200),
  // Finished webhook deliveries (and their envelopes) are kept this long; at least the 30-day replay window.
  WEBHOOK_DELIVERY_RETENTION_DAYS: int(30, 3650).default(30),
  // Event streams (`GET /v1/events/stream`, docs/adr/0067) one API process holds at once, in all and per workspace;
  // past either, a new one is answered 503 service_unavailable with Retry-After (another process may have room).
  EVENT_STREAMS_MAX: int(1, 100_000).default(200),
  EVENT_STREAMS_PER_WORKSPACE: int(1, 10_000).default(10),
  // Streams one API key holds open in the process (so one key cannot take its workspace's share): past it, 429.
  EVENT_STREAMS_PER_KEY: int(1, 10_000).default(5),
  // How often the keys of the open streams are checked again: a revoked or expired key's streams end within this
  // (decisions.md asks for 15 s). A stream ends after EVENT_STREAM_MAX_SECONDS; its client resumes by id.
  EVENT_STREAM_KEY_CHECK_MS: int(100, 15_000).default(5_000),
  EVENT_STREAM_MAX_SECONDS: int(1, 7 * 24 * 3600).default(3600),
  // Each stream sends a `: keep-alive` comment this often (under a proxy's idle time-out: HAProxy's `timeout server`
  // is 35 s in deploy/haproxy.cfg) and looks for events it might have missed at the same pace.
  EVENT_STREAM_HEARTBEAT_MS: int(500, 60_000).default(15_000),
  // Custom domains (docs/adr/0094): the DNS servers their TXT records are read from (host:port list; unset: the
  // system's resolvers), how long one lookup may take (a time-out changes nothing: the domain is checked again
  // later), and how many due domains one checker turn claims.
  DNS_RESOLVERS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((t) => hostPort.test(t)), 'must be a comma-separated list of host:port pairs')
    .optional(),
  DNS_TIMEOUT_MS: int(100, 60_000).default(5_000),
  DOMAIN_CHECK_BATCH: int(1, 1_000).default(20),
  // Raw view/click facts are kept this long; the summary reads the daily rollups, which are kept.
  ANALYTICS_FACT_RETENTION_DAYS: int(90, 3650).default(180),
  // The API's connection pool, the workers' own pool (so neither can starve the other), and how long a request
  // may wait for a free connection before it is answered 503 service_unavailable (docs/adr/0025). Unset, each
  // follows the process's role, so that 3 API and 2 worker processes fit in PostgreSQL's default 100 connections
  // (docs/adr/0051): the API pool 15 (2 in a worker process, which serves no HTTP), the workers' pool 8 where
  // workers run (2 in an API process with RUN_WORKERS=false: its live-site LISTEN and its event streams' LISTEN).
  DATABASE_POOL_SIZE: int(2, 1000).optional(),
  DATABASE_WORKER_POOL_SIZE: int(1, 1000).optional(),
  DATABASE_POOL_WAIT_MS: int(100, 60_000).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // json: one JSON object per line; pretty: human-readable. Unset: pretty in a terminal, JSON otherwise.
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  // Behind a load balancer: the number of proxies in front (a hop count), or their addresses and CIDRs, whose
  // X-Forwarded-For is believed, so that the live site tells visitors apart. Unset: the socket's peer.
  TRUST_PROXY: z
    .string()
    .transform((s) =>
      /^\s*\d+\s*$/.test(s)
        ? Number(s)
        : s
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
    )
    .refine(
      (v) => (typeof v === 'number' ? v >= 1 && v <= 100 : v.length > 0 && v.every(proxyEntry)),
      'must be a hop count (1 to 100) or a comma-separated list of proxy addresses or CIDRs',
    )
    .optional(),
  // Behind a CDN: live pages may be kept by shared caches this many seconds (s-maxage), and each view is counted
  // by a tiny uncacheable image the page embeds instead of by the page itself (docs/adr/0031). Unset: off.
  SITE_CDN_MAX_AGE: int(1, 86_400).optional(),
  // The live site's rendered pages kept in memory, in bytes (docs/adr/0037): the least recently viewed go first,
  // and a page bigger than the whole budget is served without being kept.
  SITE_CACHE_MAX_BYTES: int(1_048_576, 17_179_869_184).default(64 * 1024 * 1024),
  // Views and clicks waiting to be written (an outage holds them here); past it the oldest are dropped, uncounted.
  VISIT_BUFFER_MAX: int(1_000, 10_000_000).default(100_000),
  // Views of one page counted per client address per minute; more are served and not counted.
  SITE_VIEWS_PER_ADDRESS_PER_MINUTE: int(1, 1_000_000).default(60),
  // (address, page) pairs that limit remembers at once (the least recently seen are forgotten first).
  SITE_VIEW_LIMIT_TRACKED: int(1_000, 10_000_000).default(100_000),
  // A request (headers and body) must arrive in full within this long, else it is answered 408 and closed. It is
  // also the lease of an Idempotency-Key in flight: an operation holding a key commits within it or not at all,
  // and a key left in flight by a crashed process is free again after it (docs/adr/0036).
  HTTP_REQUEST_TIMEOUT_SECONDS: int(1, 600).default(30),
  // After SIGTERM, an API process answers 503 on /health/ready and goes on serving for this long, so that the load
  // balancer's health checks take it out before it stops accepting (docs/adr/0051). At least the balancer's check
  // interval times its fall count plus one interval: 5 s covers HAProxy's `inter 1s fall 2` (deploy/haproxy.cfg)
  // and stays under Docker's 10 s stop grace. SIGINT (Ctrl-C in a terminal) does not wait.
  SHUTDOWN_DRAIN_MS: int(0, 120_000).default(5_000),
  // Requests one API process may hold waiting for their admission (burst window, quota, access epoch); past it
  // a request is answered 503 service_unavailable with Retry-After instead of growing the queue (docs/adr/0036).
  RATE_LIMIT_MAX_PENDING: int(1, 1_000_000).default(5_000),
  // Prometheus metrics (docs/adr/0038): never on the public port by default. METRICS_PORT opens a listener of its
  // own, on loopback unless METRICS_HOST says otherwise; METRICS_TOKEN serves them on the public port to a bearer
  // of that token (and asks for it on the metrics listener too). Neither set: not served.
  METRICS_PORT: int(1, 65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .min(METRICS_TOKEN_MIN_LENGTH, `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`)
    .optional(),
};
