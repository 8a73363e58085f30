import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
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

  constructor(keyring: Keyring) {
    this.root = keyring.derive('visitor-salt');
  }

  hash(input: { workspaceId: string; ip: string; userAgent: string; at: Date }): string {
    const salt = createHmac('sha256', this.root).update(dayOf(input.at)).digest();
    return createHmac('sha256', salt).update(`${input.workspaceId}\n${input.ip}\n${input.userAgent}`).digest('base64url').slice(0, 32);
  }
}
