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

  it('started again while a stop() waits for its tick: one loop, one tick at a time, and it carries on', async () => {
    let inTick = 0;
    let most = 0;
    let ticks = 0;
    let release: (() => void) | null = null;
    const loop = new PollingLoop(
      async () => {
        most = Math.max(most, ++inTick);
        ticks++;
        if (ticks === 1)
          await new Promise<void>((r) => (release = r)); // the first tick is held
        else await new Promise((r) => setTimeout(r, 2));
        inTick--;
        return 1; // always work: a loop runs tick after tick
      },
      60_000,
      () => undefined,
    );
    loop.start();
    await waitFor(() => release !== null);
    const stopped = loop.stop();
    loop.start(); // before the held tick ends
    release!();
    await stopped;
    await waitFor(() => ticks >= 20);
    expect(loop.isRunning).toBe(true);
    await loop.stop();
    const after = ticks;
    await new Promise((r) => setTimeout(r, 30));
    expect(ticks).toBe(after); // stopped: no loop left behind
    expect(most).toBe(1);
  });
});
