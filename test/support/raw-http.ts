import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** the server closed the connection (cleanly: no reset) */
  closed: boolean;
  reset: boolean;
}

/**
 * Sends raw bytes to an HTTP server (what no HTTP client library would send) and reads the answer until the
 * server closes the connection. `drip` sends the bytes one chunk at a time with a pause in between.
 */
export function rawRequest(
  port: number,
  chunks: (string | Buffer)[],
  options: { pauseMs?: number; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let reset = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${options.timeoutMs ?? 10_000} ms: ${Buffer.concat(received).toString('latin1').slice(0, 200)}`));
    }, options.timeoutMs ?? 10_000);
    socket.on('data', (d) => received.push(d));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') reset = true;
      else reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), closed: true, reset });
    });
    void (async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
      }
    })();
  });
}
