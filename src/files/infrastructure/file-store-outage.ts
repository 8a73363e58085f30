import { Logger } from '@nestjs/common';

/** Socket errors on the way to the store: refused, reset, timed out, no route, no name. */
const NETWORK = /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|EPROTO)$/;

type SdkError = { code?: unknown; name?: unknown; cause?: unknown; $metadata?: { httpStatusCode?: number }; $retryable?: unknown };

/**
 * Whether an object store's error means "unreachable or failing now" (retry later) rather than "this request is
 * wrong" or "this is misconfigured": no connection, a time-out, or a 5xx answer (500, 503 SlowDown).
 */
export function isStoreUnavailable(err: unknown): boolean {
  for (let e = err as SdkError | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as SdkError, depth++) {
    if (typeof e.code === 'string' && NETWORK.test(e.code)) return true;
    if (e.name === 'TimeoutError' || e.name === 'RequestTimeout') return true;
    const status = e.$metadata?.httpStatusCode;
    // 501 Not Implemented is an answer (an operation this store lacks), not an outage.
    if (typeof status === 'number' && status >= 500 && status !== 501) return true;
  }
  return false;
}

/**
 * Whether this process can reach the file store: the first failure is logged once, at warn, with its reason; the
 * first success after it ends the outage, logged once at info with how long it lasted (as the database's, ADR 0037).
 */
export class FileStoreOutage {
  private downSince: number | null = null;
  private failures = 0;

  constructor(
    private readonly logger: Pick<Logger, 'warn' | 'log'> = new Logger('FileStore'),
    private readonly now: () => number = Date.now,
  ) {}

  get isDown(): boolean {
    return this.downSince !== null;
  }

  failed(operation: string, err: unknown): void {
    this.failures++;
    if (this.downSince !== null) return;
    this.downSince = this.now();
    const reason = err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err);
    this.logger.warn({ operation, reason }, 'File store unreachable: file requests are answered 503 until it is back');
  }

  reachable(): void {
    if (this.downSince === null) return;
    const seconds = Math.round((this.now() - this.downSince) / 100) / 10;
    this.logger.log({ down_seconds: seconds, failures: this.failures }, 'File store reachable again');
    this.downSince = null;
    this.failures = 0;
  }
}

export const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/** The object (or the one a copy reads) does not exist. */
export function isMissing(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export function notImplemented(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'NotImplemented' || statusOf(err) === 501;
}
