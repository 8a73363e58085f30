// What the tests of `bio-page listen` share (test/processes/tools/listen*.test.ts): a local webhook receiver and the
// CLI run as a developer runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const BIN = new URL('../../bin/bio-page', import.meta.url).pathname;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Receipt {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local webhook receiver, as a developer runs one: plain HTTP on loopback, answering 200; `delayMs` says how long
 * it takes over the nth POST (0-based), for a slow one.
 */
export class Receiver {
  readonly received: Receipt[] = [];
  private server: Server | null = null;
  port = 0;

  constructor(private readonly delayMs: (n: number) => number = () => 0) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const wait = this.delayMs(this.received.length);
        this.received.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), wait);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** The envelopes received of `type`, in order of arrival. */
  of(type: string): (Receipt & { envelope: { id: string; type: string; data: { page?: { id: string }; contact?: { id: string } } } })[] {
    return this.received.map((r) => ({ ...r, envelope: JSON.parse(r.body) })).filter((r) => r.envelope.type === type);
  }

  async waitFor(check: () => boolean, ms: number): Promise<void> {
    for (const deadline = Date.now() + ms; !check(); await sleep(10))
      if (Date.now() > deadline)
        throw new Error(`the receiver did not get what was expected within ${ms} ms (${this.received.length} received)`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** `bin/bio-page listen`, run as a developer runs it, with its output kept. */
export class Listener {
  out = '';
  err = '';
  private constructor(readonly child: ChildProcess) {}
  /** every listen started, stopped at the end whatever happened */
  static readonly started: ChildProcess[] = [];

  /** Starts listen; waits for its ready line unless `ready` is false. `args` and `env` come on top of the usual ones. */
  static async start(
    apiUrl: string,
    apiKey: string,
    forwardTo: string,
    options: { args?: string[]; env?: Record<string, string>; ready?: boolean } = {},
  ): Promise<Listener> {
    const child = spawn(BIN, ['listen', '--forward-to', forwardTo, ...(options.args ?? [])], {
      // A database it could not reach: listen is a client of the API, it never opens one.
      env: {
        ...process.env,
        BIO_PAGE_API_KEY: apiKey,
        BIO_PAGE_API_URL: apiUrl,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    Listener.started.push(child);
    const listener = new Listener(child);
    child.stdout!.on('data', (d: Buffer) => (listener.out += String(d)));
    child.stderr!.on('data', (d: Buffer) => (listener.err += String(d)));
    if (options.ready !== false) await listener.waitFor(() => /^Ready\. /m.test(listener.out), 30_000);
    return listener;
  }

  async waitFor(check: () => boolean, ms: number): Promise<void> {
    for (const deadline = Date.now() + ms; !check(); await sleep(20)) {
      if (this.child.exitCode !== null) throw new Error(`listen exited with ${this.child.exitCode}:\n${this.out}\n${this.err}`);
      if (Date.now() > deadline) throw new Error(`listen did not get there within ${ms} ms:\n${this.out}\n${this.err}`);
    }
  }

  /** Resolves the exit status once listen exits by itself (within `ms`). */
  exited(ms: number): Promise<number | null> {
    if (this.child.exitCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`listen did not exit within ${ms} ms:\n${this.out}\n${this.err}`)), ms);
      this.child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  /** SIGINT, as Ctrl-C sends; resolves the exit status. */
  interrupt(): Promise<number | null> {
    return new Promise((resolve) => {
      this.child.once('exit', (code) => resolve(code));
      this.child.kill('SIGINT');
    });
  }

  /** Its resident memory now and at its peak, in MiB (/proc/<pid>/status: VmRSS, VmHWM). */
  memory(): { rss: number; peak: number } {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  }
}
