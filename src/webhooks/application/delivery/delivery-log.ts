import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { Transactions } from '../../../platform/cqrs/transactional.js';
import {
  decideAndFold,
  retryPolicyFrom,
  type CreateDelivery,
  type DeliveryCommand,
  type RetryPolicy,
  type Step,
} from '../../domain/delivery/index.js';
import type { StreamAppend } from '../../domain/recording.js';
import { ConcurrentDeliveryWriteError, DeliveryStore, type NewStream, type WorkspaceKey } from '../ports/webhook.ports.js';

/**
 * The one way a delivery stream changes: decide a command against the stream, fold the events into its next state
 * (`decideAndFold`), append them at the version the decision saw. New streams go through `start` and `createMany`,
 * existing ones through `append` (or `apply`, which loads one under its lock first). The retry ladder comes from
 * config (`WEBHOOK_RETRY_DELAYS`).
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

  /** A new stream, decided and folded; nothing is written. */
  start(create: CreateDelivery): NewStream {
    return { deliveryId: create.deliveryId, ...decideAndFold(create, null, this.policy) };
  }

  /** Writes new streams in one go; one whose (endpoint, event) pair already has a delivery is skipped. Returns the ids written. */
  createMany(streams: readonly NewStream[]): Promise<Set<string>> {
    return this.store.createMany(streams);
  }

  /** Appends to existing streams, each at the version it was decided at. Returns the ids of those that had moved (not written). */
  async append(appends: readonly StreamAppend[]): Promise<string[]> {
    const written = await this.store.appendMany(appends);
    return appends.filter((a) => a.events.length > 0 && !written.has(a.deliveryId)).map((a) => a.deliveryId);
  }

  /** Applies `command` to an existing stream as it stands under its lock, or returns null when it does not exist. */
  async apply(key: WorkspaceKey, command: DeliveryCommand): Promise<Step | null> {
    return this.transactions.run(async () => {
      const loaded = (await this.store.loadMany([key], { lock: true })).get(key.id);
      if (!loaded) return null;
      const step = decideAndFold(command, loaded.state, this.policy);
      // Under the lock the stream cannot have moved: a miss is a bug, not a race.
      const moved = await this.append([{ deliveryId: key.id, expectedVersion: loaded.version, ...step }]);
      if (moved.length > 0) throw new ConcurrentDeliveryWriteError(key.id);
      return step;
    });
  }
}
