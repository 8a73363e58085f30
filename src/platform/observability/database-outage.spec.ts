import { describe, expect, it } from '@jest/globals';
import { DatabaseOutage, isDatabaseUnavailable, type OutageLog } from './database-outage.js';

function setup() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log: OutageLog = {
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
  };
  let now = 0;
  const outage = new DatabaseOutage(log, () => now);
  return { lines, outage, advance: (ms: number) => (now += ms) };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('DatabaseOutage', () => {
  it('logs an outage once when it starts and once when it ends, however many failures it absorbs', () => {
    const { lines, outage, advance } = setup();
    for (let i = 0; i < 50; i++) expect(outage.failed(i % 2 ? 'outbox-relay' : 'live site', refused)).toBe(true);
    expect(outage.isDown).toBe(true);
    advance(12_345);
    outage.reachable('visit writer');
    outage.reachable('outbox-relay');
    expect(outage.isDown).toBe(false);
    expect(lines).toEqual([
      { level: 'warn', fields: { source: 'live site', reason: 'connect ECONNREFUSED 127.0.0.1:5432' }, message: expect.any(String) },
      { level: 'info', fields: { source: 'visit writer', down_seconds: 12.3, failures: 50 }, message: 'Database reachable again' },
    ]);
  });

  it('does not end an outage on work that began before it (a poll that claimed its rows just before)', () => {
    const { lines, outage, advance } = setup();
    const begun = outage.stamp();
    advance(10);
    outage.failed('listener live_pages', refused);
    advance(10);
    outage.reachable('outbox-relay', begun);
    expect(outage.isDown).toBe(true);
    outage.reachable('outbox-relay', outage.stamp());
    expect(outage.isDown).toBe(false);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
  });

  it('leaves any other error to the caller, and a success with no outage says nothing', () => {
    const { lines, outage } = setup();
    expect(outage.failed('publish-scheduler', new Error('duplicate key value violates unique constraint'))).toBe(false);
    outage.reachable('publish-scheduler');
    expect(outage.isDown).toBe(false);
    expect(lines).toEqual([]);
  });

  it('counts a pool that cannot hand out a connection, or a dropped one, as the database being unreachable', () => {
    const { outage } = setup();
    expect(outage.failed('x', new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(outage.failed('x', new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(outage.failed('x', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
  });

  describe('every form of "the database is unavailable" (decisions.md, fourth round)', () => {
    const pgError = (code: string, message: string, routine?: string) =>
      Object.assign(new Error(message), { code, routine, severity: 'FATAL' });
    it.each([
      ['connection refused', refused],
      ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
      ['a connect time-out', Object.assign(new Error('connect ETIMEDOUT 10.0.0.1:5432'), { code: 'ETIMEDOUT' })],
      ['a host name that does not resolve', Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND' })],
      ['administrator command (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
      ['crash shutdown (57P02)', pgError('57P02', 'terminating connection because of crash of another server process')],
      ['shutting down (57P03)', pgError('57P03', 'the database system is shutting down')],
      ['starting up (57P03)', pgError('57P03', 'the database system is starting up')],
      ['a protocol-level connection failure (08006)', pgError('08006', 'connection failure')],
      ['too many clients (53300)', pgError('53300', 'sorry, too many clients already')],
      ['a database not accepting connections (55000)', pgError('55000', 'database "app" is not currently accepting connections')],
      ['the same, worded in another language (55000, its routine)', pgError('55000', 'la base « app » n’accepte pas…', 'CheckMyDatabase')],
      ['the pool’s wait running out', new Error('timeout exceeded when trying to connect')],
      ['a connection lost under a query', new Error('Connection terminated unexpectedly')],
      ['a pooled client that broke', new Error('Client has encountered a connection error and is not queryable')],
      [
        'an ORM exception wrapping one (cause)',
        Object.assign(new Error('select 1 - failed'), { cause: pgError('55000', 'database "x" is not currently accepting connections') }),
      ],
      ['every address of a host refused (AggregateError)', new AggregateError([refused, refused], 'connect failed')],
    ])('%s', (_what, err) => {
      expect(isDatabaseUnavailable(err)).toBe(true);
    });

    it.each([
      [
        'another 55000 (currval before nextval)',
        pgError('55000', 'currval of sequence "s" is not yet defined in this session', 'currval_oid'),
      ],
      ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint "x"')],
      ['a statement time-out (57014)', pgError('57014', 'canceling statement due to statement timeout')],
      ['a serialization failure', pgError('40001', 'could not serialize access')],
      ['a programming error', new TypeError('cannot read properties of undefined')],
      ['a string that reads like a code', 'ECONNREFUSED'],
      ['an AggregateError with one real failure', new AggregateError([refused, new Error('bad input')], 'mixed')],
    ])('not %s', (_what, err) => {
      expect(isDatabaseUnavailable(err)).toBe(false);
    });
  });
});
