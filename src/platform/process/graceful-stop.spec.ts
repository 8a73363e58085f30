import { describe, expect, it } from '@jest/globals';
import { GracefulStop, SAME_CTRL_C_MS, StopRequested } from './graceful-stop.js';

/** A GracefulStop whose exit is recorded instead of ending the test process; resolves with the exit code. */
function harness() {
  let exited!: (code: number) => void;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const events: string[] = [];
  const stop = new GracefulStop((code) => exited(code));
  stop.useLogger((level, _fields, message) => events.push(`${level}: ${message}`));
  return { stop, exit, events };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('GracefulStop', () => {
  it('lets the start-up step in flight finish, stops start-up at its next checkpoint, closes in reverse, exits 0', async () => {
    const { stop, exit, events } = harness();
    let finishStep!: () => void;
    const reached: string[] = [];
    stop.run(async () => {
      stop.onStop('database', async () => void events.push('closed database'));
      await new Promise<void>((resolve) => (finishStep = resolve));
      reached.push('step done');
      stop.onStop('application', async () => void events.push('closed application'));
      stop.checkpoint();
      reached.push('past the checkpoint');
    });
    await tick();
    stop.requestStop('SIGTERM');
    await tick();
    expect(events).toEqual([]); // it waits for the step in flight
    finishStep();
    expect(await exit).toBe(0);
    expect(reached).toEqual(['step done']);
    expect(events).toEqual(['info: Shutting down', 'closed application', 'closed database']);
  });

  it('after start-up, closes everything and exits 0; a second SIGTERM changes nothing', async () => {
    const { stop, exit, events } = harness();
    stop.run(async () => stop.onStop('application', async () => void events.push('closed application')));
    await tick();
    stop.requestStop('SIGTERM');
    stop.requestStop('SIGTERM');
    expect(await exit).toBe(0);
    expect(events).toEqual(['info: Shutting down', 'closed application']);
  });

  it('a second Ctrl-C exits at once with 130', async () => {
    const codes: number[] = [];
    let now = 0;
    const stop = new GracefulStop(
      (code) => codes.push(code),
      () => now,
    );
    stop.run(() => new Promise(() => undefined)); // a start-up that never ends
    stop.requestStop('SIGINT');
    now += SAME_CTRL_C_MS; // a person pressing it again
    stop.requestStop('SIGINT');
    expect(codes).toEqual([130]);
  });

  it('one Ctrl-C delivered twice (by the terminal and by npm) is one: the stop goes on and exits 0', async () => {
    const codes: number[] = [];
    let now = 0;
    const stop = new GracefulStop(
      (code) => codes.push(code),
      () => now,
    );
    stop.run(async () => undefined);
    stop.requestStop('SIGINT');
    now += 5;
    stop.requestStop('SIGINT');
    await tick();
    await tick();
    expect(codes).toEqual([0]);
  });

  it('a start-up that fails on its own is logged, closes what it opened and exits 1', async () => {
    const { stop, exit, events } = harness();
    stop.run(async () => {
      stop.onStop('database', async () => void events.push('closed database'));
      throw new Error('no database');
    });
    expect(await exit).toBe(1);
    expect(events).toEqual(['error: Start-up failed', 'closed database']);
  });

  it('checkpoint() passes until a stop is asked for', () => {
    const stop = new GracefulStop(() => undefined);
    expect(() => stop.checkpoint()).not.toThrow();
    expect(stop.stopRequested).toBe(false);
    stop.requestStop('SIGTERM');
    expect(stop.stopRequested).toBe(true);
    expect(() => stop.checkpoint()).toThrow(StopRequested);
  });
});
