// `bio-page listen`: webhooks on a laptop (docs/adr/0067). A client of the public API and nothing else: it reads the
// event stream (`GET /v1/events/stream`) over an outbound connection and POSTs each event to a local URL, signed the
// Standard Webhooks way with a secret derived from the API key. It loads no part of the application and opens no
// database connection.
import { performance } from 'node:perf_hooks';
import { signatureHeaders } from '../webhooks/infrastructure/webhook-signature.js';
import { DEFAULT_QUEUE_EVENTS, ForwardQueue } from './forward-queue.js';
import { LocalReceiver } from './local-receiver.js';
import { plainHttpWarning } from './loopback.js';
import { RecentIds } from './recent-ids.js';
import { sessionSecret } from './session-secret.js';
import { SseParser, type SseEvent } from './sse.js';

export interface ListenOptions {
  /** where each event is POSTed (any http or https URL: it is the developer's own machine) */
  forwardTo: URL;
  /** only these event types (the server checks them); undefined: all */
  events?: readonly string[];
  apiKey: string;
  /** the API's base URL (`https://api.example.com`, or with a path prefix) */
  apiUrl: URL;
  /** a line for the user (stdout): the ready line and one line per event */
  out: (line: string) => void;
  /** a line about the connection (stderr): lost, retried, refused */
  err: (line: string) => void;
  /** aborted on Ctrl-C or SIGTERM: listen stops and resolves 0 */
  signal: AbortSignal;
  userAgent: string;
  /** at most this many events read and not yet forwarded (DEFAULT_QUEUE_EVENTS): past it the stream is not read */
  maxQueue?: number;
}

/** The first wait before reconnecting, doubled after each failure up to MAX_DELAY_MS, reset by a good connection. */
export const FIRST_DELAY_MS = 500;
export const MAX_DELAY_MS = 5_000;
/** The stream sends a comment every 15 s (60 s at most, EVENT_STREAM_HEARTBEAT_MS): silence longer than this is a dead connection. */
const IDLE_MS = 70_000;
/** A local receiver gets this long to answer. */
const FORWARD_TIMEOUT_MS = 10_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

/** Why a request failed, in one short phrase: the cause's code and message (fetch says only "fetch failed"). */
export function failure(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  if (err instanceof Error && err.name === 'TimeoutError') return 'timed out';
  if (cause?.message) return cause.code && !cause.message.includes(cause.code) ? `${cause.code}: ${cause.message}` : cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** The stream's URL: `v1/events/stream` under the base URL, with a `type` parameter per type. */
export function streamUrl(apiUrl: URL, events?: readonly string[]): URL {
  const base = new URL(apiUrl.href.endsWith('/') ? apiUrl.href : `${apiUrl.href}/`);
  const url = new URL('v1/events/stream', base);
  for (const type of events ?? []) url.searchParams.append('type', type);
  return url;
}

/**
 * The line listen stops with when the API refuses the stream for good: 401 is the key itself (revoked, expired, or
 * no key at all: on a reconnection, the first two), 403 what the key may do.
 */
function refusal(status: number, problem: string): string {
  if (status === 401) return `error: the API refused the key (revoked, expired or unknown): ${problem}`;
  if (status === 403) return `error: the API refused the key access to the event stream: ${problem}`;
  return `error: the API refused the stream: ${problem}`;
}

/** A problem+json answer in one line (`403 insufficient_scope: …`), or the status alone. */
async function problemLine(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const problem = JSON.parse(text) as { code?: string; detail?: string; errors?: { detail?: string }[] };
    const details = problem.errors?.map((e) => e.detail).filter(Boolean) ?? [];
    return `${res.status} ${problem.code ?? ''}: ${[problem.detail, ...details].filter(Boolean).join('; ')}`;
  } catch {
    return `${res.status} ${res.statusText}`;
  }
}

/**
 * Listens until `signal` aborts; resolves the exit status: 0 when stopped, 2 when the API refuses the request for
 * good (401: the key revoked, expired or unknown, on the first connection or a later one; 403: a missing scope; 400:
 * an unknown event type); the events already received are forwarded first. Every other failure (the API unreachable,
 * the stream ended by the API, 503) is retried after FIRST_DELAY_MS, doubling to MAX_DELAY_MS, resuming with
 * `Last-Event-ID`: the events published meanwhile come then, none lost; an id seen already is never forwarded again.
 * At most `maxQueue` events wait to be forwarded: while that many do, the stream is not read (the connection holds
 * the rest; if the API ends it meanwhile, listen resumes after the last event it queued). A local receiver that fails
 * is reported on the event's line and not retried.
 */
export async function listen(o: ListenOptions): Promise<number> {
  const secret = sessionSecret(o.apiKey);
  const url = streamUrl(o.apiUrl, o.events);
  const warning = plainHttpWarning(o.apiUrl);
  if (warning) o.err(warning);
  const seen = new RecentIds();
  const queue = new ForwardQueue(o.maxQueue ?? DEFAULT_QUEUE_EVENTS);
  const receiver = new LocalReceiver(o.forwardTo, FORWARD_TIMEOUT_MS);
  let lastEventId: string | undefined;
  let delay = FIRST_DELAY_MS;
  let ready = false;
  /** the queue filled up and has not been empty since */
  let behind = false;

  const forwarder = (async () => {
    for (let event = await queue.take(); event; event = await queue.take()) {
      await forward(event);
      if (behind && queue.length === 0) {
        behind = false;
        o.err('The receiver caught up.');
      }
    }
  })();
  // Stopping: the event being forwarded finishes, the ones waiting are dropped.
  const stopForwarder = () => queue.close(true);
  o.signal.addEventListener('abort', stopForwarder, { once: true });

  async function forward(event: SseEvent): Promise<void> {
    const started = performance.now();
    let outcome: string;
    try {
      const headers = {
        'content-type': 'application/json',
        'user-agent': o.userAgent,
        ...signatureHeaders([secret], event.id!, Math.floor(Date.now() / 1000), event.data),
      };
      outcome = String(await receiver.post(headers, event.data));
    } catch (err) {
      outcome = `error (${failure(err)})`;
    }
    const ms = Math.round(performance.now() - started);
    o.out(`${new Date().toISOString()}  ${event.event}  ${event.id}  ${outcome}  ${ms} ms`);
  }

  /** Queues the events of one chunk in order, waiting for room (the stream unread meanwhile); false once stopped. */
  async function enqueue(events: SseEvent[]): Promise<boolean> {
    for (const event of events) {
      if (!event.id) continue;
      if (!seen.has(event.id)) {
        if (!queue.hasRoom) {
          if (!behind) o.err(`The receiver is behind: ${queue.length} events waiting; the stream is not read until it catches up.`);
          behind = true;
          await queue.room();
          if (o.signal.aborted) return false;
        }
        seen.add(event.id);
        queue.push(event);
      }
      lastEventId = event.id;
    }
    return true;
  }

  async function retryLater(why: string, retryAfterSeconds?: number): Promise<void> {
    const wait = Math.min(MAX_DELAY_MS, Math.max(delay, (retryAfterSeconds ?? 0) * 1000));
    o.err(`${why}; reconnecting in ${(wait / 1000).toFixed(1)} s`);
    await sleep(wait, o.signal);
    delay = Math.min(MAX_DELAY_MS, delay * 2);
  }

  try {
    while (!o.signal.aborted) {
      const connection = new AbortController();
      const abort = () => connection.abort();
      o.signal.addEventListener('abort', abort, { once: true });
      try {
        let res: Response;
        try {
          res = await fetch(url, {
            headers: {
              authorization: `Bearer ${o.apiKey}`,
              accept: 'text/event-stream',
              'user-agent': o.userAgent,
              ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
            },
            signal: connection.signal,
          });
        } catch (err) {
          if (o.signal.aborted) break;
          await retryLater(`Cannot reach ${o.apiUrl.origin} (${failure(err)})`);
          continue;
        }
        if (res.status !== 200 || !res.body) {
          const line = await problemLine(res);
          // The request itself is refused (the key revoked or expired, on a reconnection too): retrying cannot help.
          if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
            o.err(refusal(res.status, line));
            queue.close(false);
            await forwarder;
            return 2;
          }
          const retryAfter = Number(res.headers.get('retry-after'));
          await retryLater(`The API answered ${line}`, Number.isFinite(retryAfter) ? retryAfter : undefined);
          continue;
        }
        if (!ready) o.out(`Ready. Forwarding to ${o.forwardTo.href}. Signing secret: ${secret}`);
        else o.err('Reconnected: resuming after the last event received.');
        ready = true;
        delay = FIRST_DELAY_MS;

        const parsed: SseEvent[] = [];
        const parser = new SseParser((event) => parsed.push(event));
        let idle = setTimeout(abort, IDLE_MS);
        const decoder = new TextDecoder();
        let why = 'The stream ended';
        try {
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
            // Silence while listen itself does not read (its queue full) is no sign of a dead connection.
            clearTimeout(idle);
            parser.push(decoder.decode(chunk, { stream: true }));
            if (!(await enqueue(parsed.splice(0)))) break;
            idle = setTimeout(abort, IDLE_MS);
          }
        } catch (err) {
          why = connection.signal.aborted && !o.signal.aborted ? `No data for ${IDLE_MS / 1000} s` : `The stream broke (${failure(err)})`;
        } finally {
          clearTimeout(idle);
        }
        if (o.signal.aborted) break;
        await retryLater(why);
      } finally {
        o.signal.removeEventListener('abort', abort);
        connection.abort();
      }
    }
    return 0;
  } finally {
    stopForwarder();
    await forwarder;
    receiver.close();
  }
}
