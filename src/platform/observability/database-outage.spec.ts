import { describe, expect, it } from '@jest/globals';
import { DatabaseOutage, type OutageLog } from './database-outage.js';

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
});
