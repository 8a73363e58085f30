import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * POSTs events to the local receiver, one at a time on one kept-alive connection. node:http rather than fetch: at a
 * few hundred POSTs a second fetch's garbage lets a process grow to about 260 MB of RSS, node:http to about 120.
 * Redirects are not followed (an answer is an answer).
 */
export class LocalReceiver {
  private readonly agent: HttpAgent;
  private readonly send: typeof httpRequest;

  constructor(
    private readonly target: URL,
    private readonly timeoutMs: number,
  ) {
    const https = target.protocol === 'https:';
    this.agent = https ? new HttpsAgent({ keepAlive: true, maxSockets: 1 }) : new HttpAgent({ keepAlive: true, maxSockets: 1 });
    this.send = https ? (httpsRequest as typeof httpRequest) : httpRequest;
  }

  /** The receiver's status; rejects when there is no answer within the time-out (an error named TimeoutError) or none at all. */
  post(headers: Record<string, string>, body: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = this.send(this.target, {
        method: 'POST',
        agent: this.agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      });
      const timer = setTimeout(() => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), this.timeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      req.on('error', fail);
      req.on('response', (res: IncomingMessage) => {
        res.on('error', fail);
        res.on('close', () => res.complete || fail(new Error('the receiver closed the connection before its answer ended')));
        res.on('end', () => {
          clearTimeout(timer);
          resolve(res.statusCode ?? 0);
        });
        res.resume();
      });
      req.end(body);
    });
  }

  /** Closes the kept-alive connection. */
  close(): void {
    this.agent.destroy();
  }
}
