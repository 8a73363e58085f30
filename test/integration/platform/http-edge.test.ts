import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { rawRequest, type RawAnswer } from '../../support/raw-http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Requests the HTTP parser refuses, or that never finish arriving, get a problem+json answer with an
 * X-Request-Id and a closed connection (decisions.md, "HTTP edge"), never Fastify's own body or a reset.
 */
describe('the HTTP edge', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { HTTP_REQUEST_TIMEOUT_SECONDS: '2' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const expectProblem = (answer: RawAnswer, status: number, code: string) => {
    expect([answer.status, answer.headers['content-type']]).toEqual([status, 'application/problem+json']);
    const body = JSON.parse(answer.body) as { code: string; status: number; request_id: string };
    expect(body).toMatchObject({ code, status, request_id: answer.headers['x-request-id'] });
    expect(answer.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
    expect(answer.headers.connection).toBe('close');
    expect(answer.reset).toBe(false);
  };
  const get = (headerLines: string) => `GET /v1/contacts HTTP/1.1\r\nHost: 127.0.0.1\r\n${headerLines}\r\n`;

  it.each([
    ['a bare LF inside a header', get('X-Note: a\nb\r\n')],
    ['a bare CR inside a header', get('X-Note: a\rb\r\n')],
    ['a folded header', get('X-Note: a\r\n folded\r\n')],
    ['a control byte in a header value', get('X-Note: a\u0001b\r\n')],
    [
      'Content-Length together with chunked',
      'POST /v1/pages HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a broken chunked body',
      'POST /v1/pages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n',
    ],
    ['a garbled request line', 'GET /v1/contacts HTTP/9.Z\r\nHost: x\r\n\r\n'],
  ])('answers %s with a 400 problem and closes', async (_what, request) => {
    expectProblem(await rawRequest(port, [request]), 400, 'invalid_request');
  });

  it('answers raw non-ASCII bytes in the path with a problem, never Fastify’s own body', async () => {
    const answer = await rawRequest(port, [
      Buffer.concat([
        Buffer.from('GET /v1/pages/'),
        Buffer.from([0xe9, 0xff]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      ]),
    ]);
    expect([400, 404]).toContain(answer.status);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.headers['x-request-id']).toBeDefined();
  });

  it.each([
    ['20 KiB', 20 * 1024],
    ['100 KB', 100_000],
  ])('answers headers of %s with a 431 problem, without resetting the connection', async (_what, size) => {
    expectProblem(await rawRequest(port, [get(`X-Big: ${'a'.repeat(size)}\r\n`)]), 431, 'request_header_fields_too_large');
  });

  it('answers a body that trickles in with a 408 problem once the request timeout has passed', async () => {
    const start = Date.now();
    const answer = await rawRequest(
      port,
      [
        'POST /v1/pages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        ...'{"title":"slow"'.split(''),
      ],
      { pauseMs: 400, timeoutMs: 15_000 },
    );
    expectProblem(answer, 408, 'request_timeout');
    expect(Date.now() - start).toBeLessThan(6_000);
  });

  it('still serves a well-formed request on the same server', async () => {
    const answer = await rawRequest(port, ['GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(answer.status).toBe(200);
  });
});
