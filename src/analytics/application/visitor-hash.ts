import { Injectable } from '@nestjs/common';
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { Keyring } from '../../platform/config/keyring.js';
import { dayOf } from '../domain/analytics.js';

/**
 * Unique visitors without storing who they are: HMAC-SHA256 of (workspace, IP, user agent) under a salt
 * derived per UTC day from the master key. The same visitor hashes alike within a day and workspace, and
 * differently tomorrow or elsewhere; the salt is never stored, so a hash cannot be traced back to an IP.
 */
@Injectable()
export class VisitorHasher {
  private readonly root: Buffer;
  /** The last day's salt, as a KeyObject: an HMAC under a raw Buffer key costs about 7× more (every view hashes). */
  private salt: { day: string; key: KeyObject } | null = null;

  constructor(keyring: Keyring) {
    this.root = keyring.derive('visitor-salt');
  }

  hash(input: { workspaceId: string; ip: string; userAgent: string; at: Date }): string {
    return createHmac('sha256', this.saltOf(dayOf(input.at)))
      .update(`${input.workspaceId}\n${input.ip}\n${input.userAgent}`)
      .digest('base64url')
      .slice(0, 32);
  }

  private saltOf(day: string): KeyObject {
    if (this.salt?.day !== day) this.salt = { day, key: createSecretKey(createHmac('sha256', this.root).update(day).digest()) };
    return this.salt.key;
  }
}
