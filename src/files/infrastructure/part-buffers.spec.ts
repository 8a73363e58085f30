import { describe, expect, it } from '@jest/globals';
import { DependencyUnavailableError } from '../../platform/domain/domain-error.js';
import { PartBuffers } from './part-buffers.js';

describe('PartBuffers (the part buffers lent to uploads on their way to an object store)', () => {
  it('lends at most `size` buffers, reusing released ones, and hands a released one to the oldest waiter', async () => {
    const pool = new PartBuffers(2, 16, 1_000);
    const a = await pool.acquire();
    const b = await pool.acquire();
    expect([a.bytes.length, pool.inUse]).toEqual([16, 2]);
    const waiting = pool.acquire();
    a.release();
    a.release(); // twice: once counted
    const c = await waiting;
    expect(c.bytes).toBe(a.bytes);
    expect(pool.inUse).toBe(2);
    b.release();
    c.release();
    expect(pool.inUse).toBe(0);
  });

  it('refuses with a 503 error an upload that waits too long, or finds too many waiting already', async () => {
    const pool = new PartBuffers(1, 16, 30);
    const held = await pool.acquire();
    await expect(pool.acquire()).rejects.toBeInstanceOf(DependencyUnavailableError);
    const queue = Array.from({ length: 16 }, () => pool.acquire());
    await expect(pool.acquire()).rejects.toMatchObject({ code: 'service_unavailable', retryAfterSeconds: 1 });
    held.release();
    const first = await queue[0]!;
    first.release();
    await Promise.allSettled(queue);
  });
});
