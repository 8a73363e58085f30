import { describe, expect, it } from '@jest/globals';
import { clientOf, DownloadSlots } from './download-slots.js';

describe('DownloadSlots (public downloads one process sends at once)', () => {
  it('gives a client at most `perClient` slots, others theirs, and a slot back exactly once', () => {
    const slots = new DownloadSlots(10, 2);
    const a1 = slots.take('198.51.100.7');
    const a2 = slots.take('198.51.100.7');
    expect(slots.take('198.51.100.7')).toBe('client');
    const b = slots.take('203.0.113.9');
    expect(typeof b).toBe('function');
    expect([slots.inUse, slots.heldBy('198.51.100.7')]).toEqual([3, 2]);
    (a1 as () => void)();
    (a1 as () => void)();
    expect([slots.inUse, slots.heldBy('198.51.100.7')]).toEqual([2, 1]);
    expect(typeof slots.take('198.51.100.7')).toBe('function');
    (a2 as () => void)();
  });

  it('refuses past `max` in all, whoever asks, and forgets clients that hold nothing', () => {
    const slots = new DownloadSlots(2, 2);
    const taken = [slots.take('a'), slots.take('b')] as (() => void)[];
    expect(slots.take('c')).toBe('process');
    // A client at its own cap is told so, even when the process is full too.
    expect(slots.take('a')).toBe('process');
    const single = new DownloadSlots(2, 1);
    single.take('a');
    single.take('b');
    expect(single.take('a')).toBe('client');
    for (const give of taken) give();
    expect([slots.inUse, slots.heldBy('a'), slots.heldBy('b')]).toEqual([0, 0, 0]);
  });
});

describe('clientOf (whom a download counts against)', () => {
  it('counts IPv4 by its address, an IPv4-mapped IPv6 address as IPv4, and IPv6 by its /64', () => {
    expect(clientOf('198.51.100.7')).toBe('198.51.100.7');
    expect(clientOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:2:bbbb::9')).toBe(clientOf('2001:db8:1:2:aaaa::1'));
    expect(clientOf('2001:db8:1:3::1')).not.toBe(clientOf('2001:db8:1:2::1'));
    expect(clientOf('fe80::1%eth0')).toBe('fe80::/64');
    expect(clientOf('not an address')).toBe('not an address');
  });
});
