import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { SecretCipher } from './secret-cipher.js';

const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

describe('SecretCipher', () => {
  const cipher = new SecretCipher(Buffer.alloc(32, 5));

  it('round-trips and never stores the plaintext', () => {
    const secret = newSigningSecret();
    const stored = cipher.encrypt(secret, 'we_1');
    expect(stored).not.toContain(secret.slice(6, 20));
    expect(stored.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(stored, 'we_1')).toBe(secret);
    expect(cipher.encrypt(secret, 'we_1')).not.toBe(stored); // fresh IV each time
  });

  it('refuses a ciphertext moved to another endpoint, tampered, or read with another key', () => {
    const stored = cipher.encrypt(newSigningSecret(), 'we_1');
    expect(() => cipher.decrypt(stored, 'we_2')).toThrow();
    const parts = stored.split('.');
    parts[3] = (parts[3]![0] === 'A' ? 'B' : 'A') + parts[3]!.slice(1);
    expect(() => cipher.decrypt(parts.join('.'), 'we_1')).toThrow();
    expect(() => new SecretCipher(Buffer.alloc(32, 6)).decrypt(stored, 'we_1')).toThrow();
    expect(() => cipher.decrypt('garbage', 'we_1')).toThrow();
  });

  it('reads secrets written under a retired key during a rotation, and writes only with the current one', () => {
    const secret = newSigningSecret();
    const old = new SecretCipher(Buffer.alloc(32, 6)).encrypt(secret, 'we_1');
    const rotated = new SecretCipher([Buffer.alloc(32, 5), Buffer.alloc(32, 6)]);
    expect(rotated.decrypt(old, 'we_1')).toBe(secret);
    expect(rotated.isCurrent(old, 'we_1')).toBe(false);
    const fresh = rotated.encrypt(secret, 'we_1');
    expect(rotated.isCurrent(fresh, 'we_1')).toBe(true);
    expect(cipher.decrypt(fresh, 'we_1')).toBe(secret); // the current key alone opens it
    expect(() => rotated.decrypt(old, 'we_2')).toThrow(); // still bound to its endpoint
  });

  it('refuses a truncated authentication tag, which GCM would otherwise check only in part', () => {
    const stored = cipher.encrypt('whsec_secret', 'we_1');
    const [version, iv, tag, ct] = stored.split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => cipher.decrypt([version, iv, short, ct].join('.'), 'we_1')).toThrow();
  });
});
