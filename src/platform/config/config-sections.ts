/** The sections of AppConfig (config.ts) that name a subsystem's settings; loadConfig fills them from the environment. */

/** `GET /v1/events/stream` in one API process (docs/adr/0067). */
export interface EventStreamsConfig {
  /** EVENT_STREAMS_MAX: streams open at once in the process; past it a new one is answered 503 */
  max: number;
  /** EVENT_STREAMS_PER_WORKSPACE: streams of one workspace open at once in the process; past it, 503 */
  perWorkspace: number;
  /** EVENT_STREAMS_PER_KEY: streams one API key holds open at once in the process; past it, 429 */
  perKey: number;
  /** EVENT_STREAM_HEARTBEAT_MS: how often each stream sends `: keep-alive` and looks for what it might have missed */
  heartbeatMs: number;
  /** EVENT_STREAM_KEY_CHECK_MS: how often the keys of the open streams are checked again (revoked, expired, scope) */
  keyCheckMs: number;
  /** EVENT_STREAM_MAX_SECONDS: a stream ends after this long; its client resumes with Last-Event-ID */
  maxSeconds: number;
}

/** What the live site keeps in memory, and which views it counts (docs/adr/0037, docs/operations.md). */
export interface SiteConfig {
  /** SITE_CACHE_MAX_BYTES: the rendered-page cache's size in bytes at most; a bigger page is served, not cached */
  cacheMaxBytes: number;
  /** VISIT_BUFFER_MAX: views and clicks waiting to be written at most (an outage); past it the oldest are not counted */
  visitBufferMax: number;
  /** SITE_VIEWS_PER_ADDRESS_PER_MINUTE: views of one page one client address counts per minute at most */
  viewsPerAddressPerMinute: number;
  /** SITE_VIEW_LIMIT_TRACKED: (address, page) pairs the per-address view limit remembers at most */
  viewLimitTracked: number;
}

/**
 * `/metrics` is not on the public port by default (docs/adr/0038). METRICS_PORT: a listener of its own on
 * METRICS_HOST (loopback unless set); METRICS_TOKEN: served on the public port (and required on the metrics
 * listener too) with `Authorization: Bearer <token>`. Neither set: not served.
 */
export interface MetricsConfig {
  port: number | undefined;
  host: string;
  token: string | undefined;
}

/** How the webhook dispatcher shares its capacity (docs/adr/0093, docs/operations.md). */
export interface WebhookDispatchConfig {
  /** WEBHOOK_ATTEMPT_TIMEOUT_MS: an attempt (connect, request, answer) gives up after this long */
  attemptTimeoutMs: number;
  /** WEBHOOK_MAX_IN_FLIGHT: attempts one worker process holds at once, over every workspace */
  maxInFlight: number;
  /** WEBHOOK_WORKSPACE_MAX_IN_FLIGHT: attempts one workspace may hold at once in one process */
  workspaceMaxInFlight: number;
  /** WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: attempts one endpoint may hold at once in one process (its connection pool) */
  endpointMaxInFlight: number;
  /** WEBHOOK_SLOW_ENDPOINT_MAX_IN_FLIGHT: the same for an endpoint in the slow lane (its attempts keep timing out) */
  slowEndpointMaxInFlight: number;
  /** WEBHOOK_CLAIM_BATCH: deliveries claimed by one claim at most */
  claimBatch: number;
  /**
   * WEBHOOK_FIRST_ATTEMPT_WAIT_MS: how long the outbox fan-out waits for the first attempts it sends itself before
   * it writes the deliveries (0: it sends none; every new delivery waits for the dispatcher's claim)
   */
  firstAttemptWaitMs: number;
}

/** Where file bytes live (docs/adr/0064). */
export type FileStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** S3_ENDPOINT; undefined: AWS's own endpoint for the region */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; undefined: the SDK's default chain (an instance role, AWS_* variables) */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** S3_UPLOAD_BUFFERS: 5 MiB part buffers one process holds at most */
      uploadBuffers: number;
      /** S3_READ_SOCKETS: requests reading from the store at once (the read client's socket pool) */
      readSockets: number;
      /** S3_WRITE_SOCKETS: requests writing, copying, listing or deleting at once (the write client's socket pool) */
      writeSockets: number;
    };

/** The object store's settings (FILE_STORAGE=s3, or the target of `files migrate --to s3`). */
export type S3Settings = Extract<FileStorageConfig, { kind: 's3' }>;

/** Uploads (docs/adr/0045) and public downloads (docs/adr/0064) of files. */
export interface FilesConfig {
  /** FILE_UPLOAD_MAX_BYTES: the largest file one upload may carry */
  uploadMaxBytes: number;
  /** FILE_STORAGE_QUOTA_BYTES: the bytes of files one workspace may hold in all */
  storageQuotaBytes: number;
  /** FILE_DOWNLOADS_MAX: public downloads one process sends at once; past it 503 */
  downloadsMax: number;
  /** FILE_DOWNLOADS_PER_CLIENT: public downloads one client address holds at once in one process; past it 429 */
  downloadsPerClient: number;
  /** FILE_DOWNLOAD_IDLE_SECONDS: a download whose connection takes no byte for this long is ended (ms) */
  downloadIdleMs: number;
}
