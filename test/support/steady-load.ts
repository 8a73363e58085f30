import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, request } from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a steady load saw: every answer by status, and every request that got no answer at all. */
export interface LoadReport {
  sent: number;
  statuses: Map<number, number>;
  /** answers that are not 2xx, and requests without an answer: "status method path" or "error method path: …" */
  failures: string[];
}

/**
 * `clients` keep-alive clients, each sending one request after another with `pauseMs` between them, until stopped:
 * a steady load as browsers and SDKs make it (connections reused, never opened per request).
 */
export class SteadyLoad {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private running = true;
  private readonly loops: Promise<void>[] = [];
  readonly report: LoadReport = { sent: 0, statuses: new Map(), failures: [] };

  constructor(
    private readonly port: number,
    private readonly next: (n: number) => LoadRequest,
    clients: number,
    private readonly pauseMs: number,
  ) {
    for (let i = 0; i < clients; i++) this.loops.push(this.loop());
  }

  async stop(): Promise<LoadReport> {
    this.running = false;
    await Promise.all(this.loops);
    this.agent.destroy();
    return this.report;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const req = this.next(this.report.sent++);
      try {
        const status = await this.send(req);
        this.report.statuses.set(status, (this.report.statuses.get(status) ?? 0) + 1);
        if (status >= 300) this.report.failures.push(`${status} ${req.method} ${req.path}`);
      } catch (err) {
        this.report.failures.push(`error ${req.method} ${req.path}: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, this.pauseMs));
    }
  }

  private send(req: LoadRequest): Promise<number> {
    return new Promise((resolve, reject) => {
      const r = request(
        { host: '127.0.0.1', port: this.port, method: req.method, path: req.path, headers: req.headers, agent: this.agent },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      r.setTimeout(15_000, () => r.destroy(new Error('no answer within 15 s')));
      r.on('error', reject);
      r.end(req.body);
    });
  }
}

/** The local TCP ports of the sockets the processes `pids` hold open (from /proc): which client is which backend. */
export function tcpPortsOf(pids: number[]): Set<number> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // exited
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        // closed meanwhile
      }
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && inodes.has(f[9]!)) ports.add(parseInt(f[1]!.split(':').pop()!, 16));
    }
  }
  return ports;
}
