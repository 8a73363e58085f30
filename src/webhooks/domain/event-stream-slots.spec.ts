import { describe, expect, it } from '@jest/globals';
import { EventStreamSlots } from './event-stream-slots.js';

describe('EventStreamSlots', () => {
  it('refuses a key its sixth stream while another key of the workspace still gets one', () => {
    const slots = new EventStreamSlots({ max: 200, perWorkspace: 10, perKey: 5 });
    for (let i = 0; i < 5; i++) expect(typeof slots.take('ws', 'k1')).toBe('function');
    expect(slots.take('ws', 'k1')).toBe('key_full');
    expect(typeof slots.take('ws', 'k2')).toBe('function');
    expect(slots.size).toBe(6);
  });

  it('caps the workspace before the key, and the process before both', () => {
    const slots = new EventStreamSlots({ max: 3, perWorkspace: 2, perKey: 5 });
    slots.take('a', 'k1');
    slots.take('a', 'k2');
    expect(slots.take('a', 'k3')).toBe('workspace_full');
    slots.take('b', 'k4');
    expect(slots.take('c', 'k5')).toBe('process_full');
  });

  it('gives a slot back once, however often its release is called', () => {
    const slots = new EventStreamSlots({ max: 2, perWorkspace: 2, perKey: 2 });
    const release = slots.take('a', 'k') as () => void;
    slots.take('a', 'k');
    release();
    release();
    expect(slots.size).toBe(1);
    expect(typeof slots.take('a', 'k')).toBe('function');
    expect(slots.take('a', 'k')).toBe('process_full');
  });
});
