import { Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OwnTransactions } from '../../platform/cqrs/transactional.js';
import { Sql } from '../../platform/database/sql.js';
import { SecretCipher } from './secret-cipher.js';

export interface ReencryptionReport {
  /** endpoints looked at */
  endpoints: number;
  /** endpoints whose stored secrets were rewritten under the current master key */
  reencrypted: number;
  /** endpoints whose secrets open with no configured key (they cannot sign until their secret is rotated) */
  unreadable: string[];
}

/** Operator job (`npm run cli -- secrets re-encrypt`): the last step of a master-key rotation. */
export class ReencryptSecretsCommand extends Command<ReencryptionReport> {}

interface SecretRow {
  id: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
}

const BATCH = 200;

/**
 * Rewrites every endpoint secret that is still sealed under a retired master key
 * (SECRET_ENCRYPTION_KEY_PREVIOUS) under the current one. Each endpoint is rewritten in its own short
 * transaction with its row locked, so the API keeps serving and a rotate-secret running meanwhile is not
 * lost; running it twice is harmless (already-current secrets are left alone).
 */
@CommandHandler(ReencryptSecretsCommand)
@OwnTransactions('one short transaction per endpoint, so the API keeps serving while it runs')
export class ReencryptSecretsHandler implements ICommandHandler<ReencryptSecretsCommand, ReencryptionReport> {
  private readonly logger = new Logger('ReencryptSecrets');

  constructor(
    private readonly sql: Sql,
    private readonly cipher: SecretCipher,
  ) {}

  async execute(): Promise<ReencryptionReport> {
    const report: ReencryptionReport = { endpoints: 0, reencrypted: 0, unreadable: [] };
    let after = '';
    for (;;) {
      const rows = await this.sql.all<SecretRow>(`SELECT id FROM webhook_endpoints WHERE id > ? ORDER BY id LIMIT ?`, [after, BATCH]);
      if (rows.length === 0) return report;
      for (const { id } of rows) {
        report.endpoints++;
        const outcome = await this.reencrypt(id);
        if (outcome === 'rewritten') report.reencrypted++;
        if (outcome === 'unreadable') report.unreadable.push(id);
      }
      after = rows[rows.length - 1]!.id;
    }
  }

  /**
   * The current secret and the previous one (kept during a secret rotation) are resealed independently: a
   * previous secret that no key opens any more is dropped (it only ever served as a second signature for
   * 24 hours), so it cannot keep the current one from moving to the new master key.
   */
  private reencrypt(id: string): Promise<'rewritten' | 'current' | 'unreadable' | 'gone'> {
    return this.sql.transaction(async () => {
      const row = await this.sql.one<SecretRow>(`SELECT id, secret_encrypted, previous_secret_encrypted FROM webhook_endpoints WHERE id = ? FOR UPDATE`, [id]);
      if (!row) return 'gone';
      const reseal = (stored: string): string | null => {
        if (this.cipher.isCurrent(stored, id)) return stored;
        try {
          return this.cipher.encrypt(this.cipher.decrypt(stored, id), id);
        } catch {
          return null;
        }
      };
      const current = reseal(row.secret_encrypted);
      const previous = row.previous_secret_encrypted === null ? null : reseal(row.previous_secret_encrypted);
      if (current === null) {
        this.logger.warn({ endpoint_id: id }, 'Endpoint signing secret opens with no configured key; rotate its secret');
        return 'unreadable';
      }
      if (current === row.secret_encrypted && previous === row.previous_secret_encrypted) return 'current';
      await this.sql.all(
        `UPDATE webhook_endpoints SET secret_encrypted = ?, previous_secret_encrypted = ?,
                previous_secret_expires_at = CASE WHEN ?::text IS NULL THEN NULL ELSE previous_secret_expires_at END
          WHERE id = ?`,
        [current, previous, previous, id],
      );
      return 'rewritten';
    });
  }
}
