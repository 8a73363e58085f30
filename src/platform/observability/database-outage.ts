import { Logger } from '@nestjs/common';

/** Errors that mean "the database is unreachable right now" (network codes and PostgreSQL classes 08 and 57P). */
const DB_UNAVAILABLE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|EPIPE|08\d{3}|57P0[1-3])$/;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown; name?: string; message?: string } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && DB_UNAVAILABLE.test(e.code)) return true;
    if (e.name === 'ConnectionException') return true;
    if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(e.message)) return true;
  }
  return false;
}

/** Where the outage is told: a warning when it starts, a line at info when it ends. */
export interface OutageLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

const nestLog = (): OutageLog => {
  const logger = new Logger('Database');
  return { warn: (fields, message) => logger.warn(fields, message), info: (fields, message) => logger.log(fields, message) };
};

/** The short reason an error gives (its code and message), without a stack: what an operator reads in the warning. */
function reasonOf(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

/**
 * Whether this process can reach PostgreSQL, as its loops and the live site find out (docs/adr/0037). Every
 * part that talks to the database in the background (the worker loops, the listeners, the visit writer, the
 * live site's page loads) reports here: a failure that means "unreachable" starts the outage, which is logged
 * once, at warn, and the caller logs nothing more; the first success ends it, logged once at info with how long
 * it lasted and how many failures it absorbed. Any other error is the caller's to log. The live site reads
 * `isDown` to serve what it holds without asking the database first.
 */
export class DatabaseOutage {
  private downSince: number | null = null;
  private failures = 0;

  constructor(
    private readonly log: OutageLog = nestLog(),
    private readonly now: () => number = Date.now,
  ) {}

  get isDown(): boolean {
    return this.downSince !== null;
  }

  /**
   * `source` failed with `err`. True when `err` means the database is unreachable: the outage is (already) logged
   * and the caller should not log the error again; false for any other error.
   */
  failed(source: string, err: unknown): boolean {
    if (!isDatabaseUnavailable(err)) return false;
    this.failures++;
    if (this.downSince === null) {
      this.downSince = this.now();
      this.log.warn(
        { source, reason: reasonOf(err) },
        'Database unreachable: cached live pages are served and views kept in memory; background work waits until it is back',
      );
    }
    return true;
  }

  /** The database answered `source`: ends an outage (logged once). */
  reachable(source: string): void {
    if (this.downSince === null) return;
    const seconds = Math.round((this.now() - this.downSince) / 100) / 10;
    this.log.info({ source, down_seconds: seconds, failures: this.failures }, 'Database reachable again');
    this.downSince = null;
    this.failures = 0;
  }
}
