import { Command } from '@nestjs/cqrs';

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
