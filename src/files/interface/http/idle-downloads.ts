import type { Socket } from 'node:net';

/** The parts of a connection that move when its peer takes bytes (libuv's `writeQueueSize` is not typed by Node). */
type Connection = Pick<Socket, 'bytesWritten' | 'writableLength'> & { _handle?: { writeQueueSize?: number } | null };

interface Watched {
  readonly socket: Connection | null | undefined;
  readonly end: () => void;
  mark: string;
  since: number;
}

/**
 * What has moved on a connection so far: the bytes handed to it, those Node still holds (they go as writes
 * complete), and those libuv still holds (they go as the kernel takes even part of a write). A peer that takes no
 * byte leaves all three as they are, once the kernel's buffers are full.
 */
function markOf(socket: Connection | null | undefined): string {
  // oxlint-disable-next-line no-underscore-dangle -- libuv's queue is only reachable through Node's handle
  return `${socket?.bytesWritten}:${socket?.writableLength}:${socket?._handle?.writeQueueSize}`;
}

/**
 * Ends downloads whose connection takes no byte for `idleMs` (FILE_DOWNLOAD_IDLE_SECONDS; docs/adr/0064, amended):
 * a client that stopped reading holds a download slot, a chunk of memory and a socket, and gives them back only
 * when its connection is cut. One timer for the process looks at every watched connection every quarter of `idleMs`
 * (every second at most). What the process sees is what the kernel takes from it: the kernel's own buffers (up to
 * a few MiB on a fast link) are drained by the client first, so a client that reads slowly is seen to move bytes
 * when they make room, and a download is ended only once it has taken nothing for `idleMs` from a full buffer.
 */
export class IdleDownloads {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Watches `socket` until the function returned is called; calls `end` (once) when it has moved no byte for `idleMs`. */
  watch(socket: Connection | null | undefined, end: () => void): () => void {
    const watched: Watched = { socket, end, mark: markOf(socket), since: this.now() };
    this.watched.add(watched);
    this.timer ??= setInterval(() => this.check(), Math.min(1_000, Math.max(50, this.idleMs / 4))).unref();
    return () => this.forget(watched);
  }

  /** Looks at every watched connection once (the timer's work; a test may call it). */
  check(): void {
    const now = this.now();
    for (const w of this.watched) {
      const mark = markOf(w.socket);
      if (mark !== w.mark) {
        w.mark = mark;
        w.since = now;
      } else if (now - w.since >= this.idleMs) {
        this.forget(w);
        w.end();
      }
    }
  }

  private forget(watched: Watched): void {
    this.watched.delete(watched);
    if (this.watched.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  close(): void {
    this.watched.clear();
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
