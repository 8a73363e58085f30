import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, s3SettingsOf } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(3000);
    expect(c.publicApiUrl).toBe('http://127.0.0.1:3000');
    expect(c.publicSiteUrl).toBe('http://127.0.0.1:3000/p');
    expect(c.docsUrl).toBe('http://127.0.0.1:3000/docs');
    expect(c.runWorkers).toBe(true);
    expect(c.workerRoles).toEqual(['relay', 'dispatcher', 'scheduler', 'janitor']);
    expect(c.rateLimit).toEqual({ burstRequests: 100, burstWindowSeconds: 10, maxPending: 5000 });
    expect(c.idempotencyLeaseSeconds).toBe(30);
    expect(c.quota).toEqual({ creatorUnits: 10_000, proUnits: 100_000 });
    expect(c.files).toEqual({
      uploadMaxBytes: 10 * 1024 * 1024,
      storageQuotaBytes: 1024 * 1024 * 1024,
      downloadsMax: 512,
      downloadsPerClient: 100,
      downloadIdleMs: 30_000,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.database.preparedStatements).toBe(true);
    expect(c.database.listenUrl).toBeUndefined();
  });

  it('turns named prepared statements off and listens on DATABASE_LISTEN_URL (docs/adr/0050)', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/bio',
      DATABASE_LISTEN_URL: 'postgres://app@db:5432/bio',
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    expect(c.database.preparedStatements).toBe(false);
    expect(c.database.listenUrl).toBe('postgres://app@db:5432/bio');
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'postgres://app@db:5432/bio' })).toThrow(/DATABASE_LISTEN_URL.*DATABASE_URL/);
  });

  it("sizes the pools by the process's role, so that 3 API and 2 worker processes fit in 100 connections (docs/adr/0051)", () => {
    const pools = (env: Record<string, string>, role?: 'api' | 'worker') => {
      const { poolSize, workerPoolSize } = loadConfig(env, role).database;
      return [poolSize, workerPoolSize];
    };
    expect(pools({})).toEqual([15, 8]); // npm start: the API and its workers in one process
    expect(pools({ RUN_WORKERS: 'false' })).toEqual([15, 2]); // an API process: its live-site LISTEN and a spare
    expect(pools({}, 'worker')).toEqual([2, 8]); // npm run worker: no HTTP
    expect(3 * (15 + 2) + 2 * (2 + 8)).toBe(71);
    expect(pools({ DATABASE_POOL_SIZE: '30', DATABASE_WORKER_POOL_SIZE: '4' }, 'worker')).toEqual([30, 4]);
  });

  it('drains for SHUTDOWN_DRAIN_MS after SIGTERM: 5 s unless set, within 0 to 120 s', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '120001' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('runs the worker roles WORKER_ROLES names', () => {
    expect(loadConfig({ WORKER_ROLES: 'dispatcher, relay' }).workerRoles).toEqual(['dispatcher', 'relay']);
  });

  it('derives site and docs URLs from PUBLIC_API_URL', () => {
    const c = loadConfig({ PUBLIC_API_URL: 'https://api.example.com/' });
    expect(c.publicSiteUrl).toBe('https://api.example.com/p');
    expect(c.docsUrl).toBe('https://api.example.com/docs');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_LISTEN_URL', 'http://db:5432/bio'],
    ['DATABASE_PREPARED_STATEMENTS', 'off'],
    ['PUBLIC_API_URL', 'not a url'],
    ['RUN_WORKERS', 'maybe'],
    ['WORKER_ROLES', 'relay,mailer'],
    ['WORKER_ROLES', ' , '],
    ['SECRET_ENCRYPTION_KEY', 'c2hvcnQ='],
    ['SECRET_ENCRYPTION_KEY_PREVIOUS', `${Buffer.alloc(32, 1).toString('base64')},c2hvcnQ=`],
    ['RATE_LIMIT_BURST_REQUESTS', '0'],
    ['WEBHOOK_ALLOWED_TARGETS', 'no-port'],
    ['WEBHOOK_RETRY_DELAYS', '1,x'],
    ['LOG_LEVEL', 'loud'],
    ['FILE_UPLOAD_MAX_BYTES', '0'],
    ['FILE_STORAGE_QUOTA_BYTES', '1GiB'],
    ['FILE_DOWNLOADS_MAX', '0'],
    ['FILE_DOWNLOADS_PER_CLIENT', 'many'],
    ['FILE_DOWNLOAD_IDLE_SECONDS', '0'],
    ['S3_READ_SOCKETS', '0'],
    ['S3_WRITE_SOCKETS', '1025'],
    ['WEBHOOK_ATTEMPT_TIMEOUT_MS', '999'],
    ['WEBHOOK_ATTEMPT_TIMEOUT_MS', '30001'],
    ['WEBHOOK_ENDPOINT_MAX_IN_FLIGHT', '0'],
    ['WEBHOOK_MAX_IN_FLIGHT', 'many'],
    ['WEBHOOK_FIRST_ATTEMPT_WAIT_MS', '-1'],
    ['OUTBOX_RELAY_PIPELINE', 'sometimes'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('refuses a per-client download cap above the process cap (it could never apply)', () => {
    expect(() => loadConfig({ FILE_DOWNLOADS_MAX: '50' })).toThrow(/FILE_DOWNLOADS_PER_CLIENT must not exceed FILE_DOWNLOADS_MAX \(50\)/);
    expect(loadConfig({ FILE_DOWNLOADS_MAX: '50', FILE_DOWNLOADS_PER_CLIENT: '50' }).files.downloadsMax).toBe(50);
  });

  it('overlaps the relay batches unless OUTBOX_RELAY_PIPELINE is false', () => {
    expect(loadConfig({}).outboxRelayPipeline).toBe(true);
    expect(loadConfig({ OUTBOX_RELAY_PIPELINE: 'false' }).outboxRelayPipeline).toBe(false);
  });

  it('requires SECRET_ENCRYPTION_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_ENCRYPTION_KEY/);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ NODE_ENV: 'production', SECRET_ENCRYPTION_KEY: key }).secretEncryptionKey?.length).toBe(32);
  });

  it('reads retired master keys for a rotation', () => {
    const a = Buffer.alloc(32, 1);
    const b = Buffer.alloc(32, 2);
    expect(loadConfig({}).previousSecretKeys).toEqual([]);
    expect(loadConfig({ SECRET_ENCRYPTION_KEY_PREVIOUS: ` ${a.toString('base64')}, ${b.toString('base64')} ` }).previousSecretKeys).toEqual(
      [a, b],
    );
  });

  it('parses the test-only webhook escape hatches', () => {
    const c = loadConfig({ WEBHOOK_ALLOWED_TARGETS: '127.0.0.1:8443, localhost:9443', WEBHOOK_RETRY_DELAYS: '1,2,0.5' });
    expect(c.webhookAllowedTargets).toEqual(['127.0.0.1:8443', 'localhost:9443']);
    expect(c.webhookRetryDelays).toEqual([1, 2, 0.5]);
  });

  it('reads the webhook dispatch bounds, with the lease derived from the attempt time-out', () => {
    const c = loadConfig({});
    expect(c.webhookDispatch).toEqual({
      attemptTimeoutMs: 10_000,
      maxInFlight: 1024,
      workspaceMaxInFlight: 256,
      endpointMaxInFlight: 32,
      slowEndpointMaxInFlight: 2,
      claimBatch: 256,
      firstAttemptWaitMs: 200,
    });
    expect(c.webhookLeaseSeconds).toBe(60);
    expect(loadConfig({ WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000' }).webhookLeaseSeconds).toBe(6);
    expect(loadConfig({ WEBHOOK_ATTEMPT_TIMEOUT_MS: '2500', WEBHOOK_LEASE_SECONDS: '11' }).webhookLeaseSeconds).toBe(11);
    // A lease must outlast an attempt by a second.
    expect(() => loadConfig({ WEBHOOK_LEASE_SECONDS: '10' })).toThrow(/WEBHOOK_LEASE_SECONDS must outlast WEBHOOK_ATTEMPT_TIMEOUT_MS/);
    expect(loadConfig({ WEBHOOK_LEASE_SECONDS: '11' }).webhookLeaseSeconds).toBe(11);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and CIDRs; unset trusts no proxy', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, ::1, fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['0', 'yes', '10.0.0.0/33', '10.0.0.1/8/1', 'proxy.example.com', ','])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be a hop count/);
  });
});

describe('s3SettingsOf (the target of files migrate --to s3)', () => {
  const s3 = { S3_BUCKET: 'bio-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };

  it('reads the S3_* settings whatever FILE_STORAGE says, as FILE_STORAGE=s3 reads them', () => {
    const target = s3SettingsOf({ ...s3, FILE_STORAGE: 'local' });
    expect(target).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'bio-files',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: false,
      uploadBuffers: 4,
      readSockets: 64,
      writeSockets: 32,
    });
    expect(loadConfig({ ...s3, FILE_STORAGE: 'local' }).fileStorage).toEqual({ kind: 'local' });
    expect(loadConfig({ ...s3, FILE_STORAGE: 's3' }).fileStorage).toEqual(target);
  });

  it('gives reads and writes socket pools of their own, each as S3_READ_SOCKETS and S3_WRITE_SOCKETS say', () => {
    expect(s3SettingsOf({ ...s3, S3_READ_SOCKETS: '8', S3_WRITE_SOCKETS: '2' })).toMatchObject({ readSockets: 8, writeSockets: 2 });
  });

  it('requires S3_BUCKET, and both keys or neither', () => {
    expect(() => s3SettingsOf({})).toThrow(new ConfigError('S3_BUCKET', 'is required for the object store'));
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(new ConfigError('S3_BUCKET', 'is required when FILE_STORAGE=s3'));
    expect(() => s3SettingsOf({ S3_BUCKET: 'bio-files', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(s3SettingsOf({ S3_BUCKET: 'bio-files' }).credentials).toBeUndefined();
  });
});
