import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { Transactions } from '../../../platform/cqrs/transactional.js';
import { type DeliveryCommand } from '../../domain/delivery/model.js';
import { decideAndFold, retryPolicyFrom, type RetryPolicy, type Step } from '../../domain/delivery/decider.js';
import { ConcurrentDeliveryWriteError, DeliveryStore, type WorkspaceKey } from '../ports/webhook.ports.js';

/**
 * What an operation does to one delivery (resend, replay, an erasure's redaction): loads the stream under its lock,
 * decides the command against it, folds the events into its next state (`decideAndFold`) and appends them at the
 * version the decision saw. Attempts are recorded by the DeliveryRecorder. The retry ladder comes from config
 * (`WEBHOOK_RETRY_DELAYS`).
 */
@Injectable()
export class DeliveryLog {
  private readonly policy: RetryPolicy;

  constructor(
    private readonly store: DeliveryStore,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = retryPolicyFrom(config.webhookRetryDelays);
  }

  /** Applies `command` to an existing stream as it stands under its lock, or returns null when it does not exist. */
  async apply(key: WorkspaceKey, command: DeliveryCommand): Promise<Step | null> {
    return this.transactions.run(async () => {
      const loaded = (await this.store.loadMany([key], { lock: true })).get(key.id);
      if (!loaded) return null;
      const step = decideAndFold(command, loaded.state, this.policy);
      // Under the lock the stream cannot have moved: a miss is a bug, not a race.
      const written = await this.store.appendMany([{ deliveryId: key.id, expectedVersion: loaded.version, ...step }]);
      if (step.events.length > 0 && !written.has(key.id)) throw new ConcurrentDeliveryWriteError(key.id);
      return step;
    });
  }
}
