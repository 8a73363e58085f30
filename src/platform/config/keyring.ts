import { hkdfSync } from 'node:crypto';

/** Derives purpose-specific 32-byte keys from the master key, so one secret never serves two uses. */
export class Keyring {
  constructor(private readonly master: Buffer) {}

  derive(purpose: 'cursor' | 'webhook-secrets' | 'visitor-salt'): Buffer {
    return Buffer.from(hkdfSync('sha256', this.master, Buffer.alloc(0), `bio-page:${purpose}`, 32));
  }
}
