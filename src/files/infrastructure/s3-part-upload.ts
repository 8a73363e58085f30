import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';

/** What a PartUpload sends through (S3ObjectStorage's): the client, the bucket, the outage accounting. */
export interface Wire {
  bucket(): string;
  client(): S3Client;
  send<T>(operation: string, call: () => Promise<T>): Promise<T>;
  abort(key: string, uploadId: string): Promise<void>;
}

/**
 * One upload's way into the store: parts sent one after the other as the buffer fills; a single PutObject when the
 * whole file fitted in the first.
 */
export class PartUpload {
  private uploadId: string | undefined;
  private readonly parts: CompletedPart[] = [];
  private done = false;

  constructor(
    private readonly wire: Wire,
    private readonly key: string,
  ) {}

  async part(bytes: Buffer): Promise<void> {
    const { wire, key } = this;
    const Bucket = wire.bucket();
    this.uploadId ??= (
      await wire.send('create upload', () => wire.client().send(new CreateMultipartUploadCommand({ Bucket, Key: key })))
    ).UploadId;
    const PartNumber = this.parts.length + 1;
    const UploadId = this.uploadId;
    const sent = await wire.send('upload part', () =>
      wire.client().send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: bytes, ContentLength: bytes.length })),
    );
    this.parts.push({ PartNumber, ETag: sent.ETag });
  }

  async finish(rest: Buffer): Promise<void> {
    const { wire, key } = this;
    const Bucket = wire.bucket();
    if (this.uploadId === undefined) {
      await wire.send('put', () => wire.client().send(new PutObjectCommand({ Bucket, Key: key, Body: rest, ContentLength: rest.length })));
    } else {
      if (rest.length > 0) await this.part(rest);
      const [UploadId, Parts] = [this.uploadId, this.parts];
      await wire.send('complete upload', () =>
        wire.client().send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts } })),
      );
    }
    this.done = true;
  }

  /** Nothing stays behind: the multipart upload begun is aborted (a finished one cannot fail afterwards). */
  async abort(): Promise<void> {
    if (!this.done && this.uploadId !== undefined) await this.wire.abort(this.key, this.uploadId);
  }
}
