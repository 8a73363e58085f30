import { describe, expect, it } from '@jest/globals';
import { ForwardQueue } from './forward-queue.js';
import type { SseEvent } from './sse.js';

const ev = (id: string, data = '{}'): SseEvent => ({ id, event: 'page.published', data });
/** Whether a promise has settled once pending callbacks ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('ForwardQueue', () => {
  it('has room until it holds maxEvents events, then none until one is taken', async () => {
    const q = new ForwardQueue(3);
    for (const id of ['a', 'b', 'c']) {
      expect(q.hasRoom).toBe(true);
      q.push(ev(id));
    }
    expect([q.hasRoom, q.length]).toEqual([false, 3]);
    expect(() => q.push(ev('d'))).toThrow(/full/);
    const room = q.room();
    expect(await settled(room)).toBe(false); // the reader waits: the stream is not read
    expect((await q.take())?.id).toBe('a');
    expect(await settled(room)).toBe(true);
    expect(q.hasRoom).toBe(true);
  });

  it('is full past its data bound too, whatever the count; an event larger than the bound passes when alone', async () => {
    const q = new ForwardQueue(1_000, 10);
    q.push(ev('a', '123456'));
    expect(q.hasRoom).toBe(true);
    q.push(ev('b', '123456'));
    expect(q.hasRoom).toBe(false); // 12 characters held
    await q.take();
    await q.take();
    expect(q.hasRoom).toBe(true);
    q.push(ev('huge', 'x'.repeat(100)));
    expect(q.hasRoom).toBe(false);
  });

  it('hands events out in order, waiting for the next one', async () => {
    const q = new ForwardQueue(10);
    const next = q.take();
    expect(await settled(next)).toBe(false);
    q.push(ev('a'));
    q.push(ev('b'));
    expect((await next)?.id).toBe('a');
    expect((await q.take())?.id).toBe('b');
  });

  it('closed: still hands out what waits (a refusal), or drops it (Ctrl-C); wakes a waiting reader and forwarder', async () => {
    const kept = new ForwardQueue(1);
    kept.push(ev('a'));
    const room = kept.room();
    kept.close(false);
    expect(await settled(room)).toBe(true);
    expect((await kept.take())?.id).toBe('a');
    expect(await kept.take()).toBeUndefined();

    const dropped = new ForwardQueue(5);
    const waiting = dropped.take();
    dropped.close(true);
    expect(await waiting).toBeUndefined();
    const full = new ForwardQueue(1);
    full.push(ev('a'));
    full.close(true);
    expect(await full.take()).toBeUndefined();
    full.push(ev('b')); // after the stop: ignored, not thrown
    expect(full.length).toBe(0);
  });

  it('refuses a bound below one event', () => {
    expect(() => new ForwardQueue(0)).toThrow(RangeError);
    expect(() => new ForwardQueue(1.5)).toThrow(RangeError);
  });
});
