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
});
