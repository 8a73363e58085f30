import { STATUS_CODES } from 'node:http';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';

/** The default attempt time-out; WEBHOOK_ATTEMPT_TIMEOUT_MS sets it. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
export const ERROR_MAX = 500;
const MAX_AGENTS = 256;
/** Connections one agent (one endpoint URL at one address) keeps at most, unless configured. */
const DEFAULT_CONNECTIONS = 32;

/** Where to send: the URL (for Host and TLS SNI) and the address the SSRF guard checked. */
export interface SendTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export interface SendOutcome {
  delivered: boolean;
  statusCode: number | null;
  /**
   * null when delivered; else a description that holds none of the receiver's answer (docs/adr/0058): the status and
   * its standard reason phrase ("HTTP 500 Internal Server Error"), the time-out, or the network error (≤ 500 chars)
   */
  error: string | null;
  durationMs: number;
  /** the attempt ran into its time-out */
  timedOut: boolean;
}

/** A lookup that always answers the checked address: the socket goes where the guard looked, no second DNS query. */
function pinned(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

const bounded = (s: string) => (s.length > ERROR_MAX ? `${s.slice(0, ERROR_MAX - 1)}…` : s);

/**
 * What a non-2xx answer is recorded as: its status and the standard reason phrase (RFC 9110), never the answer's body
 * nor the receiver's own reason phrase. A receiver that echoes the payload in its error page would otherwise put the
 * subscriber's address in the append-only delivery log, where erasure cannot reach it (docs/adr/0058).
 */
export function describeStatus(statusCode: number): string {
  const phrase = STATUS_CODES[statusCode];
  return phrase ? `HTTP ${statusCode} ${phrase}` : `HTTP ${statusCode}`;
}

/**
 * POSTs one signed webhook over HTTPS with undici: connects to the pinned address, never follows a
 * redirect (a 3xx is a failure), gives up after the attempt time-out (10 s by default), and summarises failures
 * in at most 500 characters, none of them the receiver's (its answer's body is discarded unread: docs/adr/0058).
 * Each endpoint URL gets a bounded pool of keep-alive connections (`connections`, the dispatcher's per-endpoint
 * in-flight cap): requests beyond it wait for a free connection instead of opening more.
 */
export class WebhookSender {
  /**
   * Keep-alive agents, one per (endpoint URL, checked address): consecutive deliveries to one endpoint reuse the
   * TLS connection instead of a handshake each. One per endpoint URL, not per origin (docs/adr/0078): endpoints of
   * many workspaces share a host (a webhook service's), and a pool per origin let one endpoint's hanging attempts hold
   * every connection while the others' waited in its queue until those attempts timed out. The address is part of
   * the key, so a connection only ever goes to an address the guard checked; the least recently used agent is
   * closed beyond MAX_AGENTS.
   */
  private readonly agents = new Map<string, Agent>();

  constructor(
    private readonly options: { timeoutMs?: number; userAgent: string; ca?: string | Buffer; connections?: number } = {
      userAgent: 'BioPage-Webhooks/1.0',
    },
  ) {}

  private agentFor(target: SendTarget, timeoutMs: number): Agent {
    const key = `${target.url.href}|${target.address}`;
    let agent = this.agents.get(key);
    if (agent) {
      this.agents.delete(key); // re-insert: the Map's order is the recency order
    } else {
      agent = new Agent({
        connect: { lookup: pinned(target.address, target.family), timeout: timeoutMs, ...(this.options.ca ? { ca: this.options.ca } : {}) },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        keepAliveTimeout: 4_000,
        connections: this.options.connections ?? DEFAULT_CONNECTIONS,
      });
    }
    this.agents.set(key, agent);
    while (this.agents.size > MAX_AGENTS) {
      const [oldest, old] = this.agents.entries().next().value as [string, Agent];
      this.agents.delete(oldest);
      void old.close().catch(() => undefined);
    }
    return agent;
  }

  /** Nest calls this on shutdown (after the dispatcher has drained). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Closes every pooled connection. */
  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((a) => a.close().catch(() => undefined)));
  }

  /**
   * `deadline`: a time-out signal shared by the attempts of one dispatch batch (one timer per batch); without it,
   * the attempt's own.
   */
  async send(target: SendTarget, headers: Record<string, string>, body: string, deadline?: AbortSignal): Promise<SendOutcome> {
    const timeoutMs = this.options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    const agent = this.agentFor(target, timeoutMs);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const res = await request(target.url, {
        method: 'POST',
        dispatcher: agent,
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': this.options.userAgent },
        body,
        signal: deadline ?? AbortSignal.timeout(timeoutMs),
      });
      const delivered = res.statusCode >= 200 && res.statusCode < 300;
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined); // discard the body unread, without erroring
      return {
        delivered,
        statusCode: res.statusCode,
        error: delivered ? null : describeStatus(res.statusCode),
        durationMs: elapsed(),
        timedOut: false,
      };
    } catch (err) {
      const e = err as { name?: string; code?: string; message?: string };
      const timedOut =
        e.name === 'TimeoutError' ||
        e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
        e.code === 'UND_ERR_BODY_TIMEOUT' ||
        e.code === 'UND_ERR_CONNECT_TIMEOUT';
      // Node's own errors (connection, DNS, TLS) keep their message, which Node wrote; undici's (a malformed answer, a
      // closed socket) and unknown ones keep only their code or class: their text may quote the receiver's bytes.
      const nodeError = typeof e.code === 'string' && !e.code.startsWith('UND_ERR') && typeof e.message === 'string';
      const kind = e.code ?? e.name ?? 'Error';
      const reason = timedOut ? `timeout after ${timeoutMs} ms` : nodeError ? `${kind}: ${e.message}` : kind;
      return { delivered: false, statusCode: null, error: bounded(reason), durationMs: elapsed(), timedOut };
    }
  }
}
