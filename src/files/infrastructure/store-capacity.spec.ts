import { describe, expect, it } from '@jest/globals';
import { DependencyUnavailableError } from '../../platform/domain/domain-error.js';
import { StoreCapacity } from './store-capacity.js';

/** A call that runs until `finish()` is called. */
function held<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<T>((resolve) => (finish = () => resolve(value)));
  return { call: () => done, finish };
}

/** Lets every pending promise callback run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('StoreCapacity (the requests one client may have in flight to the object store)', () => {
  it('runs at most `size` calls at once; the next in line starts as one settles, in order, failed ones included', async () => {
    const capacity = new StoreCapacity(2, 'reads', 1_000);
    const [a, c, d] = [held('a'), held('c'), held('d')];
    let fail!: (err: Error) => void;
    const failing = new Promise<string>((_resolve, reject) => (fail = reject));
    const started: string[] = [];
    const run = (name: string, call: () => Promise<string>) =>
      capacity.run(() => {
        started.push(name);
        return call();
      });
    const runs = [run('a', a.call), run('b', () => failing), run('c', c.call), run('d', d.call)];
    const refused = runs[1]!.catch((err: Error) => err.message);
    await settled();
    expect(started).toEqual(['a', 'b']);
    fail(new Error('store said no'));
    expect(await refused).toBe('store said no');
    await settled();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(capacity.inUse).toBe(2);
    a.finish();
    expect(await runs[0]).toBe('a');
    await settled();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c.finish();
    d.finish();
    await Promise.all([runs[2], runs[3]]);
    expect(capacity.inUse).toBe(0);
  });

  it('refuses a call that waited too long with 503 and Retry-After: 1, and leaves its place to nobody', async () => {
    const capacity = new StoreCapacity(1, 'reads', 30);
    const first = held('first');
    const running = capacity.run(first.call);
    const refused = capacity.run(() => Promise.resolve('late'));
    await expect(refused).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 1, message: expect.stringMatching(/reads/) });
    first.finish();
    await running;
    expect(capacity.inUse).toBe(0);
    expect(await capacity.run(() => Promise.resolve('next'))).toBe('next');
  });
});
