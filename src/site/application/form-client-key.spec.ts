import { describe, expect, it } from '@jest/globals';
import { createHash, createHmac } from 'node:crypto';
import { Keyring } from '../../platform/config/keyring.js';
import { FormClientKey } from './form-client-key.js';

const keyring = (byte: number) => new Keyring(Buffer.alloc(32, byte));

describe('FormClientKey (the form rate-limit key of a client address)', () => {
  const address = '203.0.113.7';

  it('is keyed: another master key gives another name for the same address', () => {
    expect(new FormClientKey(keyring(1)).of(address)).not.toEqual(new FormClientKey(keyring(2)).of(address));
  });

  it('is not a bare hash of the address, nor a prefix of one', () => {
    const name = new FormClientKey(keyring(1)).of(address);
    for (const encoding of ['base64url', 'hex', 'base64'] as const)
      expect(createHash('sha256').update(address).digest(encoding)).not.toContain(name);
  });

  it('is stable for one address under one key, and tells addresses apart', () => {
    const key = new FormClientKey(keyring(1));
    expect(key.of(address)).toEqual(new FormClientKey(keyring(1)).of(address));
    expect(key.of(address)).not.toEqual(key.of('203.0.113.8'));
    expect(key.of(address)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('uses a key of its own, not one derived for another purpose', () => {
    const derivedForVisitors = keyring(1).derive('visitor-salt');
    const name = new FormClientKey(keyring(1)).of(address);
    expect(createHmac('sha256', derivedForVisitors).update(address).digest('base64url').slice(0, 32)).not.toEqual(name);
  });
});
