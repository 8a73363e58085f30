import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Settings } from '../../platform/config/config-sections.js';
import type { ByteRange } from '../application/ports/file.ports.js';
import { chunkedRead, READ_CHUNK_BYTES } from './chunked-read.js';
import { isMissing } from './file-store-outage.js';
import { StoreCapacity } from './store-capacity.js';

/** One exchange with the store, with S3ObjectStorage's outage accounting (a store that cannot be reached: 503). */
export type Reach = <T>(operation: string, call: () => Promise<T>) => Promise<T>;

/**
 * The read side of S3ObjectStorage (docs/adr/0064, amended): GetObject on a client of its own, with S3_READ_SOCKETS
 * sockets, so that downloads and uploads never wait for each other's. An object is read in chunks of
 * READ_CHUNK_BYTES, each fetched whole while a socket is held and only when the download asks for it: a slow
 * client holds memory for one chunk, never a socket.
 */
export class S3Reads {
  private readonly capacity: StoreCapacity;

  constructor(
    private readonly client: S3Client,
    private readonly config: Pick<S3Settings, 'bucket' | 'readSockets'>,
    private readonly reach: Reach,
  ) {
    this.capacity = new StoreCapacity(config.readSockets, 'reads');
  }

  /** Reads in flight now (at most S3_READ_SOCKETS). */
  get inFlight(): number {
    return this.capacity.inUse;
  }

  close(): void {
    this.client.destroy();
  }

  /**
   * The bytes under `key`, null when there is no such object. `range` is read chunk by chunk: the first now, the
   * others as they are asked for. Without a range the object is read in one request, and must fit in one chunk (an
   * empty file's: an empty object has no byte 0 to ask for, and s3rver drops the connection when asked).
   */
  async open(key: string, range?: ByteRange): Promise<Readable | null> {
    let first;
    try {
      first = await this.fetch(key, range && { start: range.start, end: Math.min(range.end, range.start + READ_CHUNK_BYTES - 1) });
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    if (!range) return Readable.from(first.bytes.length > 0 ? [first.bytes] : []);
    const last = Math.min(range.end, first.size - 1);
    return chunkedRead(
      (from, to) => this.fetch(key, { start: from, end: to }).then((chunk) => chunk.bytes),
      first.bytes,
      range.start,
      last,
    );
  }

  /**
   * Bytes `start` to `end` of an object (all of them, at most a chunk, without a range) and its size, read whole while
   * a read socket is held, and no longer.
   */
  private fetch(key: string, range: ByteRange | undefined): Promise<{ bytes: Buffer; size: number }> {
    const Range = range && `bytes=${range.start}-${range.end}`;
    const command = new GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range });
    return this.capacity.run(() =>
      this.reach('get', async () => {
        const object = await this.client.send(command);
        if (!range) {
          if ((object.ContentLength ?? 0) > READ_CHUNK_BYTES) {
            (object.Body as Readable).destroy();
            throw new Error(`the object ${key} has ${object.ContentLength} bytes: read it by ranges`);
          }
          const bytes = Buffer.from(await object.Body!.transformToByteArray());
          return { bytes, size: bytes.length };
        }
        const { start, end } = range;
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        const answered = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '');
        // A store that ignored the range would send other bytes than asked for: refused, not served.
        if (!answered || Number(answered[1]) !== start || bytes.length !== Number(answered[2]) - start + 1) {
          throw new Error(`the file store answered bytes ${object.ContentRange ?? '(no Content-Range)'} for bytes ${start}-${end}`);
        }
        return { bytes, size: Number(answered[3]) };
      }),
    );
  }
}
