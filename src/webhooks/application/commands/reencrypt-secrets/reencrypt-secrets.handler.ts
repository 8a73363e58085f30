import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IdempotencyStore, type IdempotencyCursor } from '../../../../platform/idempotency/idempotency.store.js';
import { OwnTransactions, Transactions } from '../../../../platform/cqrs/transactional.js';
import { SecretResealer } from '../../ports/secret-resealer.port.js';
import type { WorkspaceKey } from '../../ports/webhook.ports.js';
import { ReencryptSecretsCommand, type ReencryptionReport } from './reencrypt-secrets.command.js';

const BATCH = 200;

/**
 * Rewrites everything still sealed under a retired master key (SECRET_ENCRYPTION_KEY_PREVIOUS) under the current
 * one: every endpoint secret, then every stored idempotent response (docs/adr/0059). Each endpoint is rewritten in its
 * own short transaction with its row locked, so the API keeps serving and a rotate-secret running meanwhile is not
 * lost; running it twice is harmless (already-current secrets are left alone).
 */
@CommandHandler(ReencryptSecretsCommand)
@OwnTransactions('one short transaction per endpoint, so the API keeps serving while it runs')
export class ReencryptSecretsHandler implements ICommandHandler<ReencryptSecretsCommand, ReencryptionReport> {
  private readonly logger = new Logger('ReencryptSecrets');

  constructor(
    private readonly resealer: SecretResealer,
    private readonly transactions: Transactions,
    private readonly idempotency: IdempotencyStore,
  ) {}

  async execute(): Promise<ReencryptionReport> {
    const report: ReencryptionReport = {
      endpoints: 0,
      reencrypted: 0,
      unreadable: [],
      idempotent_responses: { seen: 0, reencrypted: 0, dropped: 0 },
    };
    await this.resealEndpoints(report);
    await this.resealIdempotentResponses(report.idempotent_responses);
    return report;
  }

  /**
   * Stored idempotent responses, BATCH at a time in key order: each row is rewritten by its own statement, only if
   * unchanged since it was read, so requests meanwhile are never undone.
   */
  private async resealIdempotentResponses(counts: ReencryptionReport['idempotent_responses']): Promise<void> {
    let after: IdempotencyCursor | null = null;
    do {
      const batch = await this.idempotency.reseal(after, BATCH);
      counts.seen += batch.seen;
      counts.reencrypted += batch.reencrypted;
      counts.dropped += batch.dropped;
      after = batch.next;
    } while (after !== null);
  }

  private async resealEndpoints(report: ReencryptionReport): Promise<void> {
    let after: WorkspaceKey | null = null;
    for (;;) {
      const keys = await this.resealer.endpointsAfter(after, BATCH);
      if (keys.length === 0) return;
      for (const key of keys) {
        const id = key.id;
        report.endpoints++;
        const outcome = await this.transactions.run(() => this.resealer.reseal(key));
        if (outcome === 'rewritten') report.reencrypted++;
        if (outcome === 'unreadable') {
          this.logger.warn({ endpoint_id: id }, 'Endpoint signing secret opens with no configured key; rotate its secret');
          report.unreadable.push(id);
        }
      }
      after = keys[keys.length - 1]!;
    }
  }
}
