import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts endpoint signing secrets at rest with AES-256-GCM under a key derived from
 * SECRET_ENCRYPTION_KEY (Keyring purpose `webhook-secrets`). Stored form: `v1.<iv>.<tag>.<ciphertext>`
 * (base64url). The endpoint id is bound as additional data, so a ciphertext cannot be moved to another row.
 */
export class SecretCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretCipher needs a 32-byte key');
  }

  encrypt(plaintext: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  decrypt(stored: string, boundTo: string): string {
    const [version, iv, tag, ct] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error('unrecognised encrypted secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}
