import type { DatabaseOutage } from '../observability/database-outage.js';

/**
 * Runs `tick` over and over: again at once while it finds work (returns > 0) or after `wake()`, else after
 * `idleMs`. Errors are reported and the loop carries on. `stop()` waits for the tick in flight. A loop that
 * `reportsTo` the DatabaseOutage leaves "the database is unreachable" to it (logged once per outage, not at
 * every poll) and tells it when a tick succeeds again; other errors still go to `onError`.
 */
export class PollingLoop {
  private outage: { tracker: DatabaseOutage; source: string } | null = null;
  private running = false;
  private pending = false;
  private loop: Promise<void> | null = null;
  private interrupt: (() => void) | null = null;
  /** Which start() the running loop belongs to: a loop from before a stop() exits, even if start() came since. */
  private generation = 0;

  constructor(
    private readonly tick: () => Promise<number>,
    private readonly idleMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Database outages are logged by `tracker` (once when one starts, once when it ends), as `source`. */
  reportsTo(tracker: DatabaseOutage | undefined, source: string): this {
    this.outage = tracker ? { tracker, source } : null;
    return this;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts the loop; started again while a stop() waits for its tick, it begins once that tick has ended. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const generation = ++this.generation;
    this.loop = (this.loop ?? Promise.resolve()).then(() => this.run(generation));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.interrupt?.();
    const loop = this.loop;
    await loop;
    if (this.loop === loop) this.loop = null;
  }

  /** Ask for a tick as soon as possible (e.g. on a NOTIFY). */
  wake(): void {
    this.pending = true;
    this.interrupt?.();
  }

  private live(generation: number): boolean {
    return this.running && generation === this.generation;
  }

  private async run(generation: number): Promise<void> {
    while (this.live(generation)) {
      this.pending = false;
      let found = 0;
      const started = this.outage?.tracker.stamp();
      try {
        found = await this.tick();
        this.outage?.tracker.reachable(this.outage.source, started);
      } catch (err) {
        if (!this.outage?.tracker.failed(this.outage.source, err)) this.onError(err);
      }
      if (!this.live(generation)) break; // stopped during the tick: no idle wait (it would hold stop() for idleMs)
      if (found > 0 || this.pending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.idleMs);
        this.interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.interrupt = null;
    }
  }
}
