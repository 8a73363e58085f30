import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,200}$/;

/** Echoes a client's X-Request-Id of 1..200 safe characters, otherwise generates one. */
export function requestIdFor(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  if (typeof sent === 'string' && SAFE_REQUEST_ID.test(sent)) return sent;
  return `req_${randomUUID().replace(/-/g, '')}`;
}
