import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The credentials s3rver accepts. */
const ACCESS_KEY = 'S3RVER';

/**
 * An S3-protocol server for a test (s3rver, from the npm registry: nothing to install, no network), on loopback, with
 * one bucket. `stop()` and `start()` take it down and bring it back on the same port with the same objects, for
 * outage tests.
 */
export class TestS3Server {
  readonly bucket = 'bio-page-files';
  private server: S3rver | undefined;
  private port = 0;
  private readonly dir = mkdtempSync(join(tmpdir(), 'bp-s3-'));
  readonly client: S3Client;

  private constructor() {
    this.client = new S3Client({
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  static async start(): Promise<TestS3Server> {
    const s3 = new TestS3Server();
    await s3.start();
    // The client was made before the port was known.
    s3.client.config.endpoint = async () => ({ protocol: 'http:', hostname: '127.0.0.1', port: s3.port, path: '/' });
    return s3;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The service's settings for this server's bucket. */
  get env(): Record<string, string> {
    return {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  async start(): Promise<void> {
    this.server = new S3rver({
      port: this.port,
      address: '127.0.0.1',
      silent: true,
      directory: this.dir,
      configureBuckets: [{ name: this.bucket, configs: [] }],
    });
    const address = await this.server.run();
    this.port = address.port;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }

  /** Every key in the bucket (staged ones included), sorted. */
  async keys(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return keys.sort();
  }

  async close(): Promise<void> {
    await this.stop();
    this.client.destroy();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
