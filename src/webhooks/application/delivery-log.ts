import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Transactions } from '../../platform/cqrs/transactional.js';
import {
  decide,
  fold,
  retryPolicyFrom,
  type DeliveryCommand,
  type DeliveryEvent,
  type DeliveryState,
  type RetryPolicy,
} from '../domain/delivery/index.js';
import { ConcurrentDeliveryWriteError, DeliveryStore, type WorkspaceKey } from './ports/webhook.ports.js';

export interface Decided {
  state: DeliveryState;
  events: DeliveryEvent[];
}

/**
 * Runs a command against a delivery stream: load, decide, append with the expected version, in the
 * caller's transaction (or a new one). The retry ladder comes from config (`WEBHOOK_RETRY_DELAYS`).
 */
@Injectable()
export class DeliveryLog {
  readonly policy: RetryPolicy;

  constructor(
    private readonly store: DeliveryStore,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = retryPolicyFrom(config.webhookRetryDelays);
  }

  /** Starts many streams in one go; those whose (endpoint, event) pair already has a delivery are skipped. */
  async createMany(commands: readonly Extract<DeliveryCommand, { type: 'CreateDelivery' }>[]): Promise<Decided[]> {
    const streams = commands.map((command) => {
      const events = decide(command, null, this.policy);
      return { deliveryId: command.deliveryId, events, state: fold(events)! };
    });
    const created = await this.store.createMany(streams);
    return streams.filter((s) => created.has(s.deliveryId)).map(({ state, events }) => ({ state, events }));
  }

  /** Applies `command` to an existing stream as it stands under its lock, or returns null when it does not exist. */
  async apply(key: WorkspaceKey, command: DeliveryCommand): Promise<Decided | null> {
    const deliveryId = key.id;
    return this.transactions.run(async () => {
      const loaded = (await this.store.loadMany([key], { lock: true })).get(deliveryId);
      if (!loaded) return null;
      const events = decide(command, loaded.state, this.policy);
      const state = fold(events, loaded.state)!;
      // The one append path (appendMany), here with one stream; under the lock it cannot have moved.
      const written = await this.store.appendMany([{ deliveryId, expectedVersion: loaded.version, events, state }]);
      if (events.length > 0 && !written.has(deliveryId)) throw new ConcurrentDeliveryWriteError(deliveryId);
      return { state, events };
    });
  }
}
