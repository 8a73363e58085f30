import { Injectable, Logger } from '@nestjs/common';
import { IdempotencyStore } from '../idempotency/idempotency.store.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { WorkerRegistry, type BackgroundWorker } from './worker-host.js';

const EVERY_MS = 10 * 60 * 1000;

/** Deletes idempotency keys past their 24 h retention and outbox rows published over 7 days ago. */
@Injectable()
export class Janitor implements BackgroundWorker {
  readonly name = 'janitor';
  private readonly logger = new Logger('Janitor');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly idempotency: IdempotencyStore,
    private readonly relay: OutboxRelay,
    registry: WorkerRegistry,
  ) {
    registry.register(this);
  }

  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async sweep(): Promise<void> {
    try {
      const keys = await this.idempotency.purgeExpired();
      const events = await this.relay.purgeProcessed();
      if (keys + events > 0) this.logger.log(`Purged ${keys} expired idempotency keys and ${events} published outbox rows`);
    } catch (err) {
      this.logger.warn({ err }, 'Janitor sweep failed');
    }
  }
}
