import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import pino from 'pino';
import { LOG_PRIVACY } from './logger.js';

/** The logger's privacy options on a real pino, writing to memory. */
function logger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  return { log: pino({ level: 'debug', ...LOG_PRIVACY }, sink), lines };
}

describe('LOG_PRIVACY', () => {
  it('logs a URL field without its query string, fragment or user information', () => {
    const { log, lines } = logger();
    log.warn({ url: 'https://u:p@hooks.example.com/in?token=s3cret#x', endpoint: { url: 'https://a.example/b?k=2' } }, 'disabled');
    expect(lines[0]).toMatchObject({ url: 'https://hooks.example.com/in', endpoint: { url: 'https://a.example/b' } });
    expect(JSON.stringify(lines[0])).not.toMatch(/s3cret|k=2|u:p/);
  });

  it('still redacts credentials', () => {
    const { log, lines } = logger();
    log.info({ headers: { authorization: 'Bearer bp_live_x' }, secret: 'whsec_x' }, 'x');
    expect(lines[0]).toMatchObject({ headers: { authorization: '[redacted]' }, secret: '[redacted]' });
  });

  it("logs a database error without its row values (detail, where) and a message's URL without its query", () => {
    const { log, lines } = logger();
    const err = Object.assign(new Error('new row for relation "t" violates check constraint "c"'), {
      code: '23514',
      detail: 'Failing row contains (visitor@example.com).',
      where: 'PL/pgSQL function f() line 3',
      constraint: 'c',
    });
    log.error({ err }, err.message);
    const unreachable = 'https://hooks.example.com/in?token=s3cret';
    log.error({ err: new Error(`could not reach ${unreachable}`) }, `at ${unreachable}`);
    expect(JSON.stringify(lines)).not.toMatch(/visitor@example\.com|Failing row|s3cret|PL\/pgSQL/);
    expect(lines[0]).toMatchObject({ err: { type: 'Error', code: '23514', constraint: 'c' } });
    expect((lines[0]!.err as { stack: string }).stack).toMatch(/violates check constraint "c"\n\s+at /);
    const receiver = 'https://hooks.example.com/in';
    expect(lines[1]).toMatchObject({ msg: `at ${receiver}`, err: { message: `could not reach ${receiver}` } });
    expect(err.detail).toContain('visitor@example.com'); // the error itself is not changed
  });
});
