import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

const VERSION = 'v1';

const TAG_BYTES = 16;

/**
 * Encrypts secrets at rest with AES-256-GCM under a key derived from SECRET_ENCRYPTION_KEY, one Keyring
 * purpose per use (endpoint signing secrets: `webhook-secrets`; stored idempotent responses: `idempotency`).
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url). The row it belongs to is bound as additional data
 * (`boundTo`), so a ciphertext cannot be moved to another row. Only full 16-byte tags are accepted: GCM would
 * otherwise check a truncated tag, which is far easier to forge.
 *
 * It writes with the first key and reads with any (the current key first, then the keys being retired,
 * SECRET_ENCRYPTION_KEY_PREVIOUS); GCM's tag tells which key fits. `isCurrent()` says whether a stored
 * secret still needs re-encrypting under the current key (`npm run cli -- secrets re-encrypt`).
 */
export class SecretCipher {
  /** as KeyObjects, made once: a raw key would be turned into one on every call */
  private readonly keys: KeyObject[];

  constructor(keys: Buffer | Buffer[]) {
    const raw = Array.isArray(keys) ? keys : [keys];
    if (raw.length === 0 || raw.some((k) => k.length !== 32)) throw new Error('SecretCipher needs 32-byte keys');
    this.keys = raw.map((k) => createSecretKey(k));
  }

  encrypt(plaintext: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0]!, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(boundTo));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  decrypt(stored: string, boundTo: string): string {
    for (const key of this.keys) {
      const plaintext = this.tryDecrypt(key, stored, boundTo);
      if (plaintext !== null) return plaintext;
    }
    throw new Error('the encrypted secret does not open with the current or any previous key');
  }

  /** Whether `stored` opens with the current key (false: written under a retired key, or unreadable). */
  isCurrent(stored: string, boundTo: string): boolean {
    return this.tryDecrypt(this.keys[0]!, stored, boundTo) !== null;
  }

  private tryDecrypt(key: KeyObject, stored: string, boundTo: string): string | null {
    const [version, iv, tag, ct] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error('unrecognised encrypted secret');
    const authTag = Buffer.from(tag, 'base64url');
    if (authTag.length !== TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(authTag);
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
