import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { FileStorageConfig } from '../../platform/config/config-sections.js';
import { DependencyUnavailableError } from '../../platform/domain/domain-error.js';
import { FileStorage, type ByteRange, type StagedBytes } from '../application/ports/file.ports.js';
import { ByteTally } from './byte-tally.js';
import { FileStoreOutage, isMissing, isStoreUnavailable, notImplemented } from './file-store-outage.js';
import { PartBuffers } from './part-buffers.js';
import { PartUpload, type Wire } from './s3-part-upload.js';
import { S3Reads } from './s3-reads.js';
import { StoreCapacity } from './store-capacity.js';

type S3Config = Extract<FileStorageConfig, { kind: 's3' }>;

/** The least size of a multipart upload's parts but the last, in S3 and in every S3-compatible store. */
export const PART_BYTES = 5 * 1024 * 1024;
/** Staged uploads live under this prefix, as in the local store's `.staging` directory. */
const STAGING = '.staging/';

/**
 * An S3 client for a configuration: the official SDK, with what S3-compatible stores need (docs/adr/0064), and a
 * socket pool of `sockets` of its own (reads and writes each have one: S3_READ_SOCKETS, S3_WRITE_SOCKETS).
 */
export function s3ClientOf(config: S3Config, sockets = config.writeSockets): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where an operation requires one: MinIO, Ceph, R2 and s3rver do not all take the SDK's newer
    // default (CRC32 trailers in aws-chunked bodies). Integrity is checked by the service's own SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // One retry at most: a store that is down is answered 503 within seconds, not after the SDK's backoff.
    maxAttempts: 2,
    requestHandler: {
      // Counted from the request's start: a request never waits for a socket in the agent (StoreCapacity), so this
      // measures the connection alone.
      connectionTimeout: 2_000,
      // A silent socket is given up after 30 s (`requestTimeout` would only warn, on the whole request).
      socketTimeout: 30_000,
      httpAgent: { keepAlive: true, maxSockets: sockets },
      httpsAgent: { keepAlive: true, maxSockets: sockets },
    },
  });
}

/**
 * FileStorage on an S3-compatible object store (FILE_STORAGE=s3, docs/adr/0064): every process of the service reads
 * and writes one bucket, so any process serves any upload. Objects are private; the service serves them.
 *
 * An upload streams into a part buffer (PartBuffers: bounded, 5 MiB each) and is sent part by part: a file that fits
 * in one part is one PutObject, a larger one a multipart upload, aborted when the upload fails (the limit passed, the
 * client gone), so nothing stays behind. Staged under `.staging/<id>`, it is copied to its key once its record has
 * committed (`promote`), as the local store renames it.
 */
export class S3ObjectStorage extends FileStorage {
  private readonly logger = new Logger('FileStore');
  private readonly buffers: PartBuffers;
  /** GetObject, on a client of its own (S3_READ_SOCKETS): a download never holds a socket an upload needs */
  private readonly reads: S3Reads;
  /** everything else: puts, parts, copies, deletes, lists (S3_WRITE_SOCKETS) */
  private readonly client: S3Client;
  private readonly writes: StoreCapacity;

  constructor(
    private readonly config: S3Config,
    private readonly outage = new FileStoreOutage(),
  ) {
    super();
    this.buffers = new PartBuffers(config.uploadBuffers, PART_BYTES);
    this.reads = new S3Reads(s3ClientOf(config, config.readSockets), config, (operation, call) => this.reach(operation, call));
    this.client = s3ClientOf(config, config.writeSockets);
    this.writes = new StoreCapacity(config.writeSockets, 'writes');
  }

  /** Part buffers lent to uploads now (at most S3_UPLOAD_BUFFERS). */
  get uploadsInFlight(): number {
    return this.buffers.inUse;
  }

  /** Whether the store is unreachable now (the last command failed for want of it). */
  get isDown(): boolean {
    return this.outage.isDown;
  }

  /** Reads of the store in flight now (at most S3_READ_SOCKETS). */
  get readsInFlight(): number {
    return this.reads.inFlight;
  }

  close(): void {
    this.reads.close();
    this.client.destroy();
  }

  /** Sends one write (or list, or delete) once the write client has a socket free for it. */
  private send<T>(operation: string, call: () => Promise<T>): Promise<T> {
    return this.writes.run(() => this.reach(operation, call));
  }

  /**
   * Runs one exchange with the store; a store that cannot be reached is logged once as an outage and thrown as a
   * 503. Waiting for a free socket happens before (StoreCapacity), so it is never taken for an outage.
   */
  private async reach<T>(operation: string, call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.outage.reachable();
      return result;
    } catch (err) {
      if (!isStoreUnavailable(err)) throw err;
      this.outage.failed(operation, err);
      throw new DependencyUnavailableError('The file store is unreachable; try again shortly.', 5, { cause: err });
    }
  }

  private stagedKey(id: string): string {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(id)) throw new Error(`not a staging id: ${id}`);
    return `${STAGING}${id}`;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const Bucket = this.config.bucket;
    await this.send('put', () => this.client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length })));
  }

  /** The bytes under `key` (a range of them), read chunk by chunk as the consumer takes them (S3Reads). */
  open(key: string, range?: ByteRange): Promise<Readable | null> {
    return this.reads.open(key, range);
  }

  async remove(key: string): Promise<void> {
    await this.send('delete', () => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key })));
  }

  async stage(id: string, source: AsyncIterable<Buffer>): Promise<StagedBytes> {
    const key = this.stagedKey(id);
    const buffer = await this.buffers.acquire();
    const upload = new PartUpload(this.wire, key);
    const tally = new ByteTally();
    let filled = 0;
    try {
      for await (const chunk of source) {
        tally.add(chunk);
        for (let at = 0; at < chunk.length;) {
          const taken = chunk.copy(buffer.bytes, filled, at);
          filled += taken;
          at += taken;
          if (filled === buffer.bytes.length) {
            await upload.part(buffer.bytes);
            filled = 0;
          }
        }
      }
      await upload.finish(buffer.bytes.subarray(0, filled));
    } catch (err) {
      await upload.abort();
      throw err;
    } finally {
      buffer.release();
    }
    return tally.staged(id);
  }

  async promote(id: string, key: string): Promise<void> {
    const Bucket = this.config.bucket;
    const from = this.stagedKey(id);
    try {
      await this.send('copy', () => this.client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${from}` })));
    } catch (err) {
      // A sweep promoted it first: the bytes are where they belong.
      if (isMissing(err) && (await this.exists(key))) return;
      throw err;
    }
    await this.send('delete', () => this.client.send(new DeleteObjectCommand({ Bucket, Key: from })));
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.send('head', () => this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key })));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** Deletes staged bytes. A store that is down keeps them for the sweep: the caller's own error is what matters. */
  async discard(id: string): Promise<void> {
    try {
      await this.remove(this.stagedKey(id));
    } catch (err) {
      if (!(err instanceof DependencyUnavailableError)) throw err;
    }
  }

  async listStaged(limit: number): Promise<{ id: string; stagedAt: Date }[]> {
    const Bucket = this.config.bucket;
    const listed = await this.send('list', () =>
      this.client.send(new ListObjectsV2Command({ Bucket, Prefix: STAGING, MaxKeys: Math.min(limit, 1000) })),
    );
    return (listed.Contents ?? [])
      .filter((o) => o.Key && o.LastModified)
      .map((o) => ({ id: o.Key!.slice(STAGING.length), stagedAt: o.LastModified! }))
      .sort((a, b) => a.stagedAt.getTime() - b.stagedAt.getTime());
  }

  /**
   * Aborts the multipart uploads of staged files begun before `before` (a process that died mid-upload). Stores that
   * do not list multipart uploads (s3rver) rely on the bucket's lifecycle rule alone (docs/operations.md).
   */
  async abortIncomplete(before: Date): Promise<number> {
    const Bucket = this.config.bucket;
    let listed;
    try {
      listed = await this.send('list uploads', () => this.client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: STAGING })));
    } catch (err) {
      if (notImplemented(err)) return 0;
      throw err;
    }
    let aborted = 0;
    for (const u of listed.Uploads ?? []) {
      if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= before) continue;
      await this.abortUpload(u.Key, u.UploadId);
      aborted++;
    }
    return aborted;
  }

  /** What a PartUpload sends through: the client, the bucket, the outage accounting. */
  private readonly wire: Wire = {
    bucket: () => this.config.bucket,
    client: () => this.client,
    send: (operation, call) => this.send(operation, call),
    abort: (key, uploadId) => this.abortUpload(key, uploadId),
  };

  /** An abort the store refuses (s3rver does not implement it) is logged, not thrown. */
  private async abortUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.send('abort', () =>
        this.client.send(new AbortMultipartUploadCommand({ Bucket: this.config.bucket, Key: key, UploadId: uploadId })),
      );
    } catch (err) {
      this.logger.warn({ err, key }, 'A multipart upload could not be aborted; the bucket’s lifecycle rule removes its parts');
    }
  }
}
