import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, APP_RUNTIME, type AppRuntime } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import type { WorkerRole } from '../config/env.schema.js';
import { Sql } from '../database/sql.js';

/** A background loop (outbox relay, janitor, publish scheduler, …). */
export interface BackgroundWorker {
  readonly name: string;
  /** the WORKER_ROLES entry that runs it */
  readonly role: WorkerRole;
  start(): void;
  stop(): Promise<void>;
}

/** Contexts register their workers here (in their constructor or onModuleInit). */
@Injectable()
export class WorkerRegistry {
  readonly workers: BackgroundWorker[] = [];

  register(worker: BackgroundWorker): void {
    if (!this.workers.includes(worker)) this.workers.push(worker);
  }
}

/**
 * Starts every registered background worker in this process when RUN_WORKERS is on (`npm start`,
 * `npm run worker`), and stops them on shutdown. Several processes may run them at once: each worker
 * claims its work with row locks (`FOR UPDATE SKIP LOCKED`), never with process memory.
 *
 * The entry points call `start()` once the application is initialised, not from a lifecycle hook: the CQRS
 * handlers are registered in the CQRS module's own `onApplicationBootstrap`, which Nest may run after this
 * module's, and a loop's first command would find no handler (docs/adr/0038).
 */
@Injectable()
export class WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Workers');
  private started: BackgroundWorker[] = [];

  constructor(
    @Inject(APP_RUNTIME) private readonly runtime: AppRuntime,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: WorkerRegistry,
    private readonly db: Sql,
  ) {}

  /**
   * Starts the workers of this process's roles (WORKER_ROLES; once; nothing when RUN_WORKERS is off). Call after
   * `app.init()` has resolved.
   */
  start(): void {
    if (!this.runtime.runWorkers || this.started.length > 0) return;
    this.started = this.registry.workers.filter((w) => this.config.workerRoles.includes(w.role));
    // Everything a worker runs draws from the workers' own pool (docs/adr/0025).
    for (const w of this.started) this.db.asWorker(() => w.start());
    this.logger.log(`Background workers started: ${this.started.map((w) => w.name).join(', ') || "none of this process's roles"}`);
  }

  /** Before any module shuts down: the workers still need the database connection to finish their batch. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.started.map((w) => w.stop()));
    this.started = [];
  }
}
