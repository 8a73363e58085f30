import { describe, expect, it } from '@jest/globals';
import { KeyedSlots } from './keyed-slots.js';

describe('KeyedSlots', () => {
  it('names the first ceiling reached, in the order given, and forgets holders that hold nothing', () => {
    const slots = new KeyedSlots<'client'>([
      ['client', 2],
      ['all', 3],
    ]);
    const a1 = slots.take({ client: 'a' }) as () => void;
    slots.take({ client: 'a' });
    expect(slots.take({ client: 'a' })).toBe('client');
    slots.take({ client: 'b' });
    expect(slots.take({ client: 'c' })).toBe('all');
    a1();
    a1();
    expect([slots.size, slots.heldBy('client', 'a')]).toEqual([2, 1]);
  });
});
