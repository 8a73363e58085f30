import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDebianPackage, stopDaemon } from './daemons.js';

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
/** The configuration operators run (docs/adr/0051): the test runs that very file. */
const CONFIG = new URL('../../deploy/haproxy.cfg', import.meta.url).pathname;

/** One row of `show stat` (a proxy or a server), by column name. */
export type StatRow = Record<string, string>;

/** Debian's HAProxy running deploy/haproxy.cfg, on a loopback port, in front of three API processes. */
export class Haproxy {
  private log = '';
  private constructor(
    private readonly proc: ChildProcess,
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(port: number, servers: [string, string, string], checkInter: string): Promise<Haproxy> {
    installDebianPackage(HAPROXY, 'haproxy');
    if (!existsSync(HAPROXY)) throw new Error(`haproxy not found at ${HAPROXY}: apt-get install haproxy, or set HAPROXY_PATH`);
    const dir = mkdtempSync(join(tmpdir(), 'bp-haproxy-'));
    const env = {
      ...process.env,
      HAPROXY_BIND: `127.0.0.1:${port}`,
      HAPROXY_CHECK_INTER: checkInter,
      HAPROXY_STATS_SOCKET: join(dir, 'admin.sock'),
      API_1: servers[0],
      API_2: servers[1],
      API_3: servers[2],
    };
    // -db: in the foreground, its log on stdout.
    const proc = spawn(HAPROXY, ['-db', '-f', CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const haproxy = new Haproxy(proc, dir, port);
    const keep = (d: Buffer) => (haproxy.log = (haproxy.log + String(d)).slice(-200_000));
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    for (const deadline = Date.now() + 15_000; ;) {
      try {
        if ((await haproxy.servers()).every((s) => s.status === 'UP')) return haproxy;
      } catch {
        // not listening on its socket yet
      }
      if (proc.exitCode !== null || Date.now() > deadline) {
        await haproxy.stop();
        throw new Error(`haproxy did not start with every server up:\n${haproxy.log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** What HAProxy logged (one line per request, option httplog). */
  get output(): string {
    return this.log;
  }

  /** `show stat` on the admin socket, parsed. */
  async stats(): Promise<StatRow[]> {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(join(this.dir, 'admin.sock'));
      let out = '';
      socket.on('data', (d) => (out += String(d)));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
      socket.end('show stat\n');
    });
    const [header, ...lines] = text.trim().split('\n');
    const names = header!.replace(/^# /, '').split(',');
    return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i]!, v])));
  }

  /** The API servers' rows. */
  async servers(): Promise<StatRow[]> {
    return (await this.stats()).filter((r) => r.pxname === 'api' && r.svname !== 'BACKEND' && r.svname !== 'FRONTEND');
  }

  /** Resolves once HAProxy's checks see `server` in `status` (UP, DOWN). */
  async waitFor(server: string, status: string, ms = 20_000): Promise<void> {
    for (const deadline = Date.now() + ms; ;) {
      const row = (await this.servers()).find((s) => s.svname === server);
      if (row?.status === status) return;
      if (Date.now() > deadline) throw new Error(`${server} is ${row?.status}, not ${status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  stop(): Promise<void> {
    return stopDaemon(this.proc, this.dir);
  }
}
