import { describe, expect, it } from '@jest/globals';
import { clientNetwork } from './client-address.js';

describe('clientNetwork', () => {
  it('keeps an IPv4 address to its /24', () => {
    expect(clientNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(clientNetwork('127.0.0.1')).toBe('127.0.0.0/24');
  });

  it('keeps an IPv6 address to its /48, and an IPv4-mapped one to the IPv4 /24', () => {
    expect(clientNetwork('2001:db8:1234:5678:9abc::1')).toBe('2001:db8:1234::/48');
    expect(clientNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(clientNetwork('fe80::1:2:3:4%eth0')).toBe('fe80::/48');
  });

  it('never returns text it could not parse', () => {
    expect(clientNetwork(undefined)).toBe('unknown');
    expect(clientNetwork('')).toBe('unknown');
    expect(clientNetwork('not-an-address 203.0.113.77')).toBe('unknown');
  });
});
