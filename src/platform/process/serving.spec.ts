import { describe, expect, it } from '@jest/globals';
import { Serving } from './serving.js';

describe('Serving', () => {
  it('goes from serving to draining to closed, never back', () => {
    const serving = new Serving();
    expect(serving.phase).toBe('serving');
    serving.drain();
    expect(serving.phase).toBe('draining');
    serving.close();
    serving.drain();
    expect(serving.phase).toBe('closed');
  });

  it('ends the responses held open when told to, or when it closes, and not those released', () => {
    const serving = new Serving();
    const ended: string[] = [];
    serving.holdOpen(() => ended.push('a'));
    const release = serving.holdOpen(() => ended.push('b'));
    release();
    serving.endHeld();
    expect(ended).toEqual(['a']);
    serving.holdOpen(() => ended.push('c'));
    expect(serving.heldOpen).toBe(1);
    serving.close();
    expect(ended).toEqual(['a', 'c']);
    serving.holdOpen(() => ended.push('late'));
    expect(ended).toEqual(['a', 'c', 'late']);
    expect(serving.heldOpen).toBe(0);
  });
});
