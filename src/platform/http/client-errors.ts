import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '../errors/error-catalog.js';
import { problemBody } from './problem.js';

/** How long a refused client may go on sending (read and discarded) before its connection is cut. */
const LINGER_MS = 5_000;

type ClientError = Error & { code?: string };

/** What a malformed or too slow request is told, by the parser's error code. */
function problemFor(err: ClientError): { code: ErrorCode; detail: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'request_header_fields_too_large', detail: 'The request headers exceed 16 KiB.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'request_timeout', detail: 'The request did not fully arrive in time.' };
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { code: 'invalid_request', detail: 'The request body is not framed correctly (Content-Length or chunked encoding).' };
    default:
      return { code: 'invalid_request', detail: 'The request is not valid HTTP/1.1 (a header, the request line or the framing).' };
  }
}

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refused (bad bytes or a bare CR/LF in a header,
 * folded headers, Content-Length with chunked, headers over 16 KiB) or that did not arrive within
 * HTTP_REQUEST_TIMEOUT_SECONDS never reaches a route, and gets a problem+json answer like every other error, with an
 * `X-Request-Id`, then `Connection: close` (decisions.md, "HTTP edge"). What the client still sends is read
 * and discarded for a moment, so that closing does not reset the connection before the answer is read.
 */
export function clientErrorHandler(docsUrl: string): (err: ClientError, socket: Socket) => void {
  const answered = new WeakSet<Socket>();
  return (err, socket) => {
    // The parser reports again for each later chunk a refused client still sends: it was answered already, and
    // destroying the socket now would reset the connection before the client read that answer.
    if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    // Node's own rule: when a response already started on this socket, nothing more can be said on it.
    const pending = Reflect.get(socket, '_httpMessage') as { headersSent?: boolean } | undefined;
    if (!socket.writable || pending?.headersSent) return void socket.destroy(err);
    answered.add(socket);
    const requestId = `req_${randomUUID().replace(/-/g, '')}`;
    const { code, detail } = problemFor(err);
    const problem = problemBody(docsUrl, requestId, code, detail);
    const body = JSON.stringify(problem);
    const status = problem.status;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
    socket.on('error', () => undefined);
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
