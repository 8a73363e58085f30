import { Command } from '@nestjs/cqrs';

export interface ReencryptionReport {
  /** endpoints looked at */
  endpoints: number;
  /** endpoints whose stored secrets were rewritten under the current master key */
  reencrypted: number;
  /** endpoints whose secrets open with no configured key (they cannot sign until their secret is rotated) */
  unreadable: string[];
  /** stored idempotent responses (Idempotency-Key replays), sealed under the master key too */
  idempotent_responses: {
    /** stored responses looked at */
    seen: number;
    /** rewritten under the current master key */
    reencrypted: number;
    /** opened with no configured key: deleted, as if their key had expired (the request is processed anew) */
    dropped: number;
  };
}

/**
 * Operator job (`npm run cli -- secrets re-encrypt`): the last step of a master-key rotation. It re-seals everything
 * sealed under the master key: webhook signing secrets and stored idempotent responses (docs/adr/0059).
 */
export class ReencryptSecretsCommand extends Command<ReencryptionReport> {}
