import { DependencyUnavailableError } from '../../platform/domain/domain-error.js';

/** One buffer lent to an upload: fill it, send it, fill it again; release it when the upload ends. */
export interface PartBuffer {
  readonly bytes: Buffer;
  release(): void;
}

interface Waiter {
  grant: (buffer: PartBuffer) => void;
  timer: NodeJS.Timeout;
}

/**
 * The part buffers one process lends to uploads on their way to an object store (docs/adr/0064): at most `size`,
 * each `partBytes` long, allocated on first use and reused. An upload holds one from its first byte to its last, so
 * none waits on another's half-filled buffer (no deadlock). An upload that finds none free waits, at most `waitMs`
 * and behind at most `16 × size` others (a waiting upload is not read, so it holds no memory); past either it is
 * refused with 503 and Retry-After. Memory stays bounded whatever the number of concurrent uploads.
 */
export class PartBuffers {
  private readonly free: Buffer[] = [];
  private allocated = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly size: number,
    readonly partBytes: number,
    private readonly waitMs = 10_000,
  ) {}

  /** Buffers lent out now. */
  get inUse(): number {
    return this.allocated - this.free.length;
  }

  acquire(): Promise<PartBuffer> {
    const ready = this.free.pop() ?? (this.allocated < this.size ? this.allocate() : undefined);
    if (ready) return Promise.resolve(this.lend(ready));
    if (this.waiting.length >= 16 * this.size) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(busy());
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private allocate(): Buffer {
    this.allocated++;
    return Buffer.allocUnsafe(this.partBytes);
  }

  private lend(bytes: Buffer): PartBuffer {
    let released = false;
    return {
      bytes,
      release: () => {
        if (released) return;
        released = true;
        const next = this.waiting.shift();
        if (next) {
          clearTimeout(next.timer);
          next.grant(this.lend(bytes));
        } else this.free.push(bytes);
      },
    };
  }
}

const busy = () =>
  new DependencyUnavailableError('Too many uploads are being sent to the file store at once; send this one again shortly.', 1);
