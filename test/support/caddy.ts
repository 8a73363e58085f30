import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDebianPackage, stopDaemon } from './daemons.js';

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
/** The configuration operators run (docs/operations.md, "Custom domains and HTTPS (Caddy)"): the test runs that very file. */
const CONFIG = new URL('../../deploy/Caddyfile', import.meta.url).pathname;

export interface CaddyOptions {
  /** loopback ports Caddy listens on */
  httpsPort: number;
  httpPort: number;
  /** the certificate check, e.g. http://127.0.0.1:9464/tls/ask */
  askUrl: string;
  /** where requests go, host:port */
  upstream: string;
}

export interface CaddyResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Debian's Caddy running deploy/Caddyfile on loopback ports, with its internal CA as the issuer and on-demand TLS:
 * a hostname gets a certificate at its first handshake once `askUrl?domain=<hostname>` answers 200.
 */
export class Caddy {
  private log = '';
  private root: string | undefined;
  private constructor(
    private readonly proc: ChildProcess,
    private readonly dir: string,
    readonly httpsPort: number,
    readonly httpPort: number,
  ) {}

  static async start(options: CaddyOptions): Promise<Caddy> {
    installDebianPackage(CADDY, 'caddy');
    if (!existsSync(CADDY)) throw new Error(`caddy not found at ${CADDY}: apt-get install caddy, or set CADDY_PATH`);
    const dir = mkdtempSync(join(tmpdir(), 'bp-caddy-'));
    for (const sub of ['data', 'config']) mkdirSync(join(dir, sub));
    const env: NodeJS.ProcessEnv = {};
    // The machine's own CADDY_* settings (an ACME directory, an e-mail) must not reach the file under test.
    for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('CADDY_')) env[name] = value;
    Object.assign(env, {
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      CADDY_ASK_URL: options.askUrl,
      CADDY_UPSTREAM: options.upstream,
      CADDY_ISSUER: 'internal',
      CADDY_HTTP_PORT: String(options.httpPort),
      CADDY_HTTPS_PORT: String(options.httpsPort),
      CADDY_BIND: '127.0.0.1',
      CADDY_ADMIN: 'off',
    });
    // `caddy run`: in the foreground, its log (JSON lines) on stderr.
    const proc = spawn(CADDY, ['run', '--config', CONFIG, '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const caddy = new Caddy(proc, dir, options.httpsPort, options.httpPort);
    const keep = (d: Buffer) => (caddy.log = (caddy.log + String(d)).slice(-200_000));
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    for (const deadline = Date.now() + 15_000; ;) {
      if (await accepts(options.httpsPort)) return caddy;
      if (proc.exitCode !== null || Date.now() > deadline) {
        await caddy.stop();
        throw new Error(`caddy did not start listening on 127.0.0.1:${options.httpsPort}:\n${caddy.log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** What Caddy logged (JSON lines: issuance, refusals by the check, errors). */
  get output(): string {
    return this.log;
  }

  /** Where Caddy keeps certificates and its CA ($XDG_DATA_HOME/caddy). */
  get dataDir(): string {
    return join(this.dir, 'data', 'caddy');
  }

  /** The internal CA's root certificate (PEM), waiting for Caddy to write it (at start, or at the first issuance). */
  async rootCertificate(ms = 15_000): Promise<string> {
    if (this.root !== undefined) return this.root;
    const file = join(this.dataDir, 'pki', 'authorities', 'local', 'root.crt');
    for (const deadline = Date.now() + ms; ;) {
      const pem = existsSync(file) ? readFileSync(file, 'utf8') : '';
      // Whole only once its end marker is there.
      if (pem.includes('-----END CERTIFICATE-----')) return (this.root = pem);
      if (this.proc.exitCode !== null || Date.now() > deadline) throw new Error(`caddy wrote no ${file}:\n${this.log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * GET https://<hostname><path> through Caddy: to 127.0.0.1:httpsPort, with SNI and Host both `hostname`, trusting
   * the internal CA's root alone. Rejects with the TLS error when Caddy has no certificate to give (the check
   * refused the name: the handshake ends with an alert).
   */
  async get(hostname: string, path = '/', ms = 30_000): Promise<CaddyResponse> {
    const ca = await this.rootCertificate();
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: this.httpsPort, path, servername: hostname, headers: { host: hostname }, ca, agent: false },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          res.on('error', reject);
        },
      );
      req.setTimeout(ms, () => req.destroy(new Error(`no answer from caddy for ${hostname}${path} within ${ms} ms`)));
      req.on('error', reject);
      req.end();
    });
  }

  stop(): Promise<void> {
    return stopDaemon(this.proc, this.dir);
  }
}

/** Whether 127.0.0.1:port accepts a TCP connection. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
