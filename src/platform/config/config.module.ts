import type { Clock } from '../time/clock.js';

/** DI tokens for the validated configuration and the resolved runtime facts. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const APP_RUNTIME = Symbol('APP_RUNTIME');

/** Facts resolved at start-up, beyond the environment: the database actually used and the master key. */
export interface AppRuntime {
  databaseUrl: string;
  /** 32-byte master key (SECRET_ENCRYPTION_KEY or the generated development key) */
  secretKey: Buffer;
  /** whether this process runs the background workers */
  runWorkers: boolean;
  /** the clock the application asks for the time; the system's when left out (tests set instants with their own) */
  clock?: Clock;
}
