import { DependencyUnavailableError } from '../../platform/domain/domain-error.js';

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * The requests one process may have in flight to the object store through one client, at most the sockets of its
 * pool (S3_READ_SOCKETS, S3_WRITE_SOCKETS; docs/adr/0064, amended). A request past them waits here, in order, at
 * most `waitMs`, and is refused with 503 and `Retry-After: 1` after it: never in the HTTP agent's queue, where the
 * SDK's connection time-out would count the wait as a store that cannot be reached (a false outage).
 */
export class StoreCapacity {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly size: number,
    private readonly what: string,
    private readonly waitMs = 10_000,
  ) {}

  /** Requests in flight now. */
  get inUse(): number {
    return this.running;
  }

  /** Runs `call` once a place is free, and frees it when `call` settles. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await call();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new DependencyUnavailableError(`Too many ${this.what} of the file store are in flight at once; try again shortly.`, 1));
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running--;
      return;
    }
    // The place passes to the next in line: `running` stays as it is.
    clearTimeout(next.timer);
    next.start();
  }
}
