/** Thrown at a start-up checkpoint once a stop was asked for: start-up ends there, and the stop proceeds. */
export class StopRequested extends Error {
  constructor() {
    super('Stop requested during start-up');
    this.name = 'StopRequested';
  }
}

type Signal = 'SIGTERM' | 'SIGINT';

/**
 * A second SIGINT this soon after the first is the same Ctrl-C delivered twice: the terminal sends it to the whole
 * process group, and `npm start` (whose script execs the service) forwards it to its child as well.
 */
export const SAME_CTRL_C_MS = 300;

/**
 * A process's start and stop, safe at any moment (decisions.md, "Start, stop and crash"). It takes SIGTERM and
 * SIGINT before anything else is loaded, so that no signal ever ends the process by itself. A signal during
 * start-up waits for the step in flight, stops start-up at its next `checkpoint()`, then closes what was opened
 * so far; after start-up it closes everything. Either way the process exits 0. What start-up opens it registers
 * with `onStop`, and is closed in the reverse order. A second SIGINT (Ctrl-C twice, SAME_CTRL_C_MS or more after the
 * first) exits at once with 130; further SIGTERMs are ignored while the stop runs.
 *
 * This module imports nothing, so that the entry points can install it before they load the application.
 */
export class GracefulStop {
  private requested: Signal | null = null;
  private requestedAt = 0;
  private startup: Promise<unknown> = Promise.resolve();
  private readonly closers: { name: string; close: () => Promise<unknown> }[] = [];
  /** Until the logger exists: errors to stderr, nothing else (the log format is not known yet). */
  private log: (level: 'info' | 'error', fields: object, message: string) => void = (level, fields, message) => {
    if (level === 'error') console.error(message, fields);
  };

  constructor(
    private readonly exit: (code: number) => void = (code) => process.exit(code),
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes the signals; call first thing, before any heavy import. */
  install(): this {
    process.on('SIGTERM', () => this.requestStop('SIGTERM'));
    process.on('SIGINT', () => this.requestStop('SIGINT'));
    return this;
  }

  /** Where the stop is logged, once the logger exists. */
  useLogger(log: (level: 'info' | 'error', fields: object, message: string) => void): void {
    this.log = log;
  }

  get stopRequested(): boolean {
    return this.requested !== null;
  }

  /** The signal that asked for the stop (null: none yet). */
  get signal(): Signal | null {
    return this.requested;
  }

  /** Ends start-up (throws StopRequested) when a stop was asked for. Start-up calls it between its steps. */
  checkpoint(): void {
    if (this.requested) throw new StopRequested();
  }

  /** Something start-up opened, closed on stop (the last registered first). */
  onStop(name: string, close: () => Promise<unknown>): void {
    this.closers.push({ name, close });
  }

  /**
   * Runs start-up. When it fails (not by a requested stop) the error is logged, what was opened is closed and the
   * process exits 1.
   */
  run(start: () => Promise<void>): void {
    this.startup = start().then(
      () => undefined,
      async (err: unknown) => {
        if (err instanceof StopRequested) return;
        if (this.requested) {
          // Start-up failed while stopping (a pool closed under it, say): the stop still completes.
          this.log('error', { err }, 'Start-up failed while stopping');
          return;
        }
        this.log('error', { err }, 'Start-up failed');
        await this.closeAll();
        this.exit(1);
      },
    );
  }

  /**
   * What a signal does: the first starts the stop; a second Ctrl-C exits at once (unless it is the first one delivered
   * again, within SAME_CTRL_C_MS), anything else is ignored.
   */
  requestStop(signal: Signal): void {
    if (this.requested) {
      const again = this.now() - this.requestedAt >= SAME_CTRL_C_MS;
      if (signal === 'SIGINT' && this.requested === 'SIGINT' && again) this.exit(130);
      return;
    }
    this.requested = signal;
    this.requestedAt = this.now();
    void this.stop(signal);
  }

  private async stop(signal: Signal): Promise<void> {
    await this.startup;
    this.log('info', { signal }, 'Shutting down');
    await this.closeAll();
    this.exit(0);
  }

  private async closeAll(): Promise<void> {
    for (const { name, close } of this.closers.splice(0).reverse()) {
      try {
        await close();
      } catch (err) {
        this.log('error', { err, closing: name }, 'Could not close cleanly');
      }
    }
  }
}
