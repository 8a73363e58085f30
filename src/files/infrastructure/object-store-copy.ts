import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileCopy, FileCopyOutcome } from '../application/ports/file.ports.js';
import type { LocalDirectoryStorage } from './local-directory.storage.js';

/** The object metadata (`x-amz-meta-sha256`) holding the SHA-256 of the bytes, hex, as the copy computed it. */
const SHA256 = 'sha256';

interface Digest {
  size: number;
  sha256: string;
}

/** Size and SHA-256 of a stream, read to its end in chunks (never held whole). */
async function digestOf(stream: Readable): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};
const messageOf = (err: unknown) => {
  const e = err as { name?: string; message?: string };
  return e?.name && e.message && !e.message.startsWith(e.name) ? `${e.name}: ${e.message}` : String(e?.message ?? err);
};

/** One run's copy from the local directory to one bucket (LocalToObjectStoreCopier). */
export class ObjectStoreCopy implements FileCopy {
  constructor(
    private readonly local: LocalDirectoryStorage,
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      throw new Error(`the bucket ${this.bucket} cannot be reached: ${messageOf(err)}`, { cause: err });
    }
  }

  close(): void {
    this.client.destroy();
  }

  async copy(key: string, sizeBytes: number): Promise<FileCopyOutcome> {
    try {
      return await this.copyOrSkip(key, sizeBytes);
    } catch (err) {
      return { kind: 'failed', reason: messageOf(err) };
    }
  }

  private async copyOrSkip(key: string, sizeBytes: number): Promise<FileCopyOutcome> {
    const stream = await this.local.open(key);
    const local = stream && (await digestOf(stream));
    const there = await this.head(key);
    if (!local) return there ? { kind: 'already_there', onlyThere: true } : { kind: 'missing_locally' };
    if (local.size !== sizeBytes) {
      return { kind: 'failed', reason: `the local file has ${local.size} bytes, its record says ${sizeBytes}` };
    }
    if (there?.size === local.size && (there.sha256 ?? (await this.digestInBucket(key)).sha256) === local.sha256) {
      return { kind: 'already_there', onlyThere: false };
    }

    try {
      await this.put(key, local);
      const back = await this.digestInBucket(key);
      if (back.size !== local.size || back.sha256 !== local.sha256) {
        throw new Error(`read back ${back.size} bytes with SHA-256 ${back.sha256}; sent ${local.size} with ${local.sha256}`);
      }
    } catch (err) {
      // An object that may not hold what its `sha256` says must not pass for a copy on the next run.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
      throw err;
    }
    return { kind: 'copied', bytes: local.size };
  }

  /** The object's bytes, read to the end. */
  private async digestInBucket(key: string): Promise<Digest> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return digestOf(object.Body as Readable);
  }

  /**
   * The object's size and the SHA-256 its metadata records (undefined when it has none: the service's own uploads
   * to the bucket record none, so their bytes are read and hashed instead); null when there is no object.
   */
  private async head(key: string): Promise<{ size: number; sha256: string | undefined } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? -1, sha256: head.Metadata?.[SHA256] };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** One PutObject streamed from the local file; the bytes sent are hashed on the way and must be the ones digested. */
  private async put(key: string, local: Digest): Promise<void> {
    const source = await this.local.open(key);
    if (!source) throw new Error('the local file disappeared while it was copied');
    const hash = createHash('sha256');
    let size = 0;
    const body = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const reading = pipeline(source, body);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentLength: local.size,
          Metadata: { [SHA256]: local.sha256 },
        }),
      );
    } finally {
      // A failed request leaves the body half read: stop reading the file.
      if (!body.readableEnded) body.destroy();
      await reading.catch(() => undefined);
    }
    const sent = hash.digest('hex');
    if (size !== local.size || sent !== local.sha256) throw new Error('the local file changed while it was copied');
  }
}
