import { Logger } from '@nestjs/common';

/** Socket errors on the way to the server: refused, reset, timed out, no route, no name. */
const NETWORK = /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)$/;
/**
 * SQLSTATEs that mean "no session now": class 08 (connection exception), 57P01..57P03 (administrator command, crash
 * shutdown, cannot connect now: the server stopping, restarting or recovering) and 53300 (too many connections).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** The pool's wait running out (pg-pool, pg), or a connection that went away under a query. */
const POOL_OR_DROPPED = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

type ErrorLike = { code?: unknown; cause?: unknown; name?: string; message?: string; routine?: unknown };

/**
 * 55000 is object_not_in_prerequisite_state in general (a sequence's currval before nextval, a replication slot in
 * use...): only the one raised while a session starts, for a database that does not accept connections now
 * (`ALLOW_CONNECTIONS false`, or a database left invalid), is an outage. The routine is checked besides the
 * message, which a server with another `lc_messages` words differently.
 */
function notAcceptingConnections(e: ErrorLike): boolean {
  if (e.code !== '55000') return false;
  return e.routine === 'CheckMyDatabase' || (typeof e.message === 'string' && /not currently accepting connections/i.test(e.message));
}

/**
 * Whether `err` (or an error it wraps, through `cause`) means "the database is unavailable right now", in every form
 * decisions.md (fourth round) names: the server down or unreachable, restarting or shutting down, the database not
 * accepting connections, too many connections, the pool's wait running out. The one classifier the API's problem
 * filter, the live site, the worker loops, the listeners and the visit writer share (docs/adr/0060).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as ErrorLike, depth++) {
    if (typeof e.code === 'string' && (NETWORK.test(e.code) || SQLSTATE.test(e.code))) return true;
    if (notAcceptingConnections(e)) return true;
    if (e.name === 'ConnectionException') return true;
    if (typeof e.message === 'string' && POOL_OR_DROPPED.test(e.message)) return true;
    // AggregateError (a host name resolving to several addresses, each refused): unavailable if every one is.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && errors.every((x) => isDatabaseUnavailable(x))) return true;
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

  /** Now, on the outage's clock: what a caller passes to `reachable` as the time its work began. */
  stamp(): number {
    return this.now();
  }

  /**
   * The database answered `source`: ends an outage (logged once). Work that began (`startedAt`, from `stamp()`)
   * before the outage did is no proof that it is over (a poll that claimed its rows just before): ignored.
   */
  reachable(source: string, startedAt?: number): void {
    if (this.downSince === null) return;
    if (startedAt !== undefined && startedAt < this.downSince) return;
    const seconds = Math.round((this.now() - this.downSince) / 100) / 10;
    this.log.info({ source, down_seconds: seconds, failures: this.failures }, 'Database reachable again');
    this.downSince = null;
    this.failures = 0;
  }
}
