import { describe, expect, it } from '@jest/globals';
import { PollingLoop } from './polling-loop.js';

const waitFor = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
};

describe('PollingLoop', () => {
  it('keeps ticking while there is work, idles otherwise, and wakes on demand', async () => {
    let work = 3;
    let ticks = 0;
    const loop = new PollingLoop(
      async () => {
        ticks++;
        return work > 0 ? work-- : 0;
      },
      60_000,
      () => undefined,
    );
    loop.start();
    await waitFor(() => ticks === 4); // 3 with work, then one that finds none
    expect(ticks).toBe(4);
    await new Promise((r) => setTimeout(r, 50));
    expect(ticks).toBe(4); // idle: waiting for the (long) poll interval
    work = 1;
    loop.wake();
    await waitFor(() => ticks === 6);
    expect(ticks).toBe(6);
    await loop.stop();
    expect(loop.isRunning).toBe(false);
  });

  it('reports errors and carries on', async () => {
    const errors: unknown[] = [];
    let ticks = 0;
    const loop = new PollingLoop(
      async () => {
        ticks++;
        if (ticks === 1) throw new Error('boom');
        return 0;
      },
      10,
      (e) => errors.push(e),
    );
    loop.start();
    await waitFor(() => ticks >= 2);
    await loop.stop();
    expect(errors).toEqual([new Error('boom')]);
  });

  it('stops without waiting out the poll interval when stop() comes during a tick', async () => {
    let release!: () => void;
    let ticking = false;
    const loop = new PollingLoop(
      async () => {
        ticking = true;
        await new Promise<void>((r) => (release = r));
        return 0;
      },
      60_000,
      () => undefined,
    );
    loop.start();
    await waitFor(() => ticking);
    const stopped = loop.stop();
    release();
    const outcome = await Promise.race([stopped.then(() => 'stopped'), new Promise((r) => setTimeout(() => r('still waiting'), 1000))]);
    expect(outcome).toBe('stopped');
  });
});
