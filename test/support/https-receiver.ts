import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

const tls = (f: string) => readFileSync(new URL(`./tls/${f}`, import.meta.url));

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  path: string;
  at: number;
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse, body: string, received: Received[]) => void;

/**
 * A real HTTPS webhook receiver on loopback, with a certificate from the test CA (trusted by the app
 * through NODE_EXTRA_CA_CERTS). Each test sets `behaviour`; every request is recorded with its raw body.
 */
export class HttpsReceiver {
  readonly received: Received[] = [];
  behaviour: Behaviour = (_q, res) => res.writeHead(204).end();
  private server!: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer({ key: tls('receiver.key'), cert: tls('receiver.pem') }, (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body, path: req.url ?? '', at: Date.now() });
        this.behaviour(req, res, body, this.received);
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** `host:port` for WEBHOOK_ALLOWED_TARGETS */
  get target(): string {
    return `localhost:${this.port}`;
  }

  url(path = '/hook'): string {
    return `https://localhost:${this.port}${path}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Waits until `predicate` holds over the recorded requests (polling), or fails after `ms`. */
  async waitFor(predicate: (received: Received[]) => boolean, ms = 10_000): Promise<void> {
    const until = Date.now() + ms;
    while (!predicate(this.received)) {
      if (Date.now() > until) throw new Error(`receiver: condition not met in ${ms} ms (${this.received.length} requests)`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** Verifies a recorded request with the standardwebhooks package (not the project's code); returns the payload. */
export function verifyWith(secret: string, r: Received): unknown {
  const h = (n: string) => String(r.headers[n]);
  return new Webhook(secret).verify(r.body, {
    'webhook-id': h('webhook-id'),
    'webhook-timestamp': h('webhook-timestamp'),
    'webhook-signature': h('webhook-signature'),
  });
}
