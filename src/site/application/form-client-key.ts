import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { Keyring } from '../../platform/config/keyring.js';

/**
 * The name under which the live site's form posts of one client address are counted (decisions.md, "Traces and logs
 * carry no secret and no visitor"; docs/adr/0063): an HMAC-SHA256 of the address under a key derived from the master
 * key for this use alone (`form-rate-limit`). A bare hash of an IPv4 address is undone by hashing all 2^32 of them in
 * seconds; without the key, the stored name says nothing about the address.
 */
export class FormClientKey {
  private readonly key: KeyObject;

  constructor(keyring: Keyring) {
    this.key = createSecretKey(keyring.derive('form-rate-limit'));
  }

  of(clientAddress: string): string {
    return createHmac('sha256', this.key).update(clientAddress).digest('base64url').slice(0, 32);
  }
}
