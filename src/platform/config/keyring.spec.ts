import { describe, expect, it } from '@jest/globals';
import { Keyring } from './keyring.js';

describe('Keyring', () => {
  const master = Buffer.alloc(32, 7);
  const retired = Buffer.alloc(32, 8);

  it('derives a different key per purpose, and the same one every time', () => {
    const k = new Keyring(master);
    expect(k.derive('cursor')).toHaveLength(32);
    expect(k.derive('cursor').equals(new Keyring(master).derive('cursor'))).toBe(true);
    expect(k.derive('cursor').equals(k.derive('webhook-secrets'))).toBe(false);
  });

  it('lists the current key first, then the retired ones, for reading', () => {
    const k = new Keyring(master, [retired]);
    const all = k.deriveAll('webhook-secrets');
    expect(all).toHaveLength(2);
    expect(all[0]!.equals(k.derive('webhook-secrets'))).toBe(true);
    expect(all[1]!.equals(new Keyring(retired).derive('webhook-secrets'))).toBe(true);
  });
});
