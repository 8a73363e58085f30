/** One event of a `text/event-stream` (the fields `bio-page listen` reads). */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * A parser of `text/event-stream` as the HTML standard defines it (§9.2.6), fed text as it arrives: lines end with
 * CRLF, LF or CR; `:` starts a comment; `data` lines join with a line feed; a blank line dispatches the event (none
 * when it has no data). `id` is the last event id seen so far, as EventSource keeps it.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private type = '';
  private lastId: string | undefined;
  /** the text ended on a CR: a LF that comes first in the next chunk belongs to it */
  private pendingCr = false;

  constructor(private readonly dispatch: (event: SseEvent) => void) {}

  /** The id the stream last set (what a reconnection sends as Last-Event-ID). */
  get lastEventId(): string | undefined {
    return this.lastId;
  }

  push(text: string): void {
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) return;
      if (match[0] === '\r' && match.index === this.buffer.length - 1) {
        // A CR at the very end may be the first half of a CRLF split across chunks.
        this.pendingCr = true;
      }
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') return this.flush();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.type = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
  }

  private flush(): void {
    const data = this.data;
    const type = this.type;
    this.data = [];
    this.type = '';
    if (data.length === 0) return;
    this.dispatch({ id: this.lastId, event: type || 'message', data: data.join('\n') });
  }
}
