import { hkdfSync } from 'node:crypto';

export type KeyPurpose = 'cursor' | 'webhook-secrets' | 'visitor-salt' | 'idempotency' | 'preview-links' | 'form-rate-limit';

/**
 * Derives purpose-specific 32-byte keys from the master key, so one secret never serves two uses.
 * During a master-key rotation it also holds the retired keys (SECRET_ENCRYPTION_KEY_PREVIOUS): they
 * verify and decrypt what was written before, and nothing new is written with them.
 */
export class Keyring {
  constructor(
    private readonly master: Buffer,
    private readonly previous: readonly Buffer[] = [],
  ) {}

  /** The key new signatures and ciphertexts use. */
  derive(purpose: KeyPurpose): Buffer {
    return Keyring.hkdf(this.master, purpose);
  }

  /** Every key that may have written what is read back: the current one first, then the retired ones. */
  deriveAll(purpose: KeyPurpose): Buffer[] {
    return [this.master, ...this.previous].map((m) => Keyring.hkdf(m, purpose));
  }

  private static hkdf(master: Buffer, purpose: KeyPurpose): Buffer {
    return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `bio-page:${purpose}`, 32));
  }
}
