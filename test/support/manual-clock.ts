import { Clock } from '../../src/platform/time/clock.js';

/**
 * A clock the test moves: the system's time until `set` or `advance`, then time stands where it was put (plus
 * `advance` steps). Injected through the runtime (`startTestApp({ clock })`), it is the application's Clock.
 */
export class ManualClock extends Clock {
  private offsetMs = 0;
  private frozen: number | null = null;

  now(): Date {
    return new Date(this.frozen ?? Date.now() + this.offsetMs);
  }

  /** From now on the time is `at`. */
  set(at: Date): void {
    this.frozen = at.getTime();
  }

  /** Moves the time `ms` forward (from where it stands, or from the system's time when it was never set). */
  advance(ms: number): void {
    if (this.frozen === null) this.offsetMs += ms;
    else this.frozen += ms;
  }
}
