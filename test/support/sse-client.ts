/** An SSE client as a script writes one (fetch, read the body, split frames), for the event stream's tests. */

export interface Frame {
  id: string;
  event: string;
  data: string;
}

/** An SSE client as a script writes one: fetch, read the body, split frames; it can stop reading for a while. */
export class Stream {
  readonly frames: Frame[] = [];
  readonly comments: string[] = [];
  ended = false;
  private paused: Promise<void> | null = null;
  private resume: () => void = () => undefined;
  private constructor(
    readonly status: number,
    private readonly controller: AbortController,
  ) {}

  static async open(base: string, key: string, opts: { lastEventId?: string } = {}): Promise<Stream> {
    const controller = new AbortController();
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
    const res = await fetch(`${base}/v1/events/stream`, { headers, signal: controller.signal });
    const stream = new Stream(res.status, controller);
    if (res.status !== 200) {
      await res.arrayBuffer();
      stream.ended = true;
      return stream;
    }
    void stream.read(res.body!.getReader());
    return stream;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        if (this.paused) await this.paused;
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) {
            this.comments.push(block);
            continue;
          }
          const field = (name: string) =>
            block
              .split('\n')
              .filter((l) => l.startsWith(`${name}: `))
              .map((l) => l.slice(name.length + 2))
              .join('\n');
          this.frames.push({ id: field('id'), event: field('event'), data: field('data') });
        }
      }
    } catch {
      // aborted
    }
    this.ended = true;
  }

  pause(): void {
    this.paused = new Promise((r) => (this.resume = r));
  }

  unpause(): void {
    this.paused = null;
    this.resume();
  }

  get ids(): string[] {
    return this.frames.map((f) => f.id);
  }

  close(): void {
    this.unpause();
    this.controller.abort();
  }
}
