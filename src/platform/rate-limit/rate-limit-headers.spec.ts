import { describe, expect, it } from '@jest/globals';
import { rateLimitHeaders } from './rate-limit-headers.js';

describe('rateLimitHeaders', () => {
  it('prints draft-11 structured fields for each policy', () => {
    expect(
      rateLimitHeaders([
        { name: 'burst', quota: 100, windowSeconds: 10, remaining: 97, resetSeconds: 8 },
        { name: 'monthly', quota: 100000, windowSeconds: 2592000, remaining: 99812, resetSeconds: 1209600 },
      ]),
    ).toEqual({
      'ratelimit-policy': '"burst";q=100;w=10, "monthly";q=100000;w=2592000',
      ratelimit: '"burst";r=97;t=8, "monthly";r=99812;t=1209600',
    });
  });

  it('never prints negative remaining', () => {
    expect(rateLimitHeaders([{ name: 'burst', quota: 1, windowSeconds: 10, remaining: -3, resetSeconds: 2 }]).ratelimit).toBe(
      '"burst";r=0;t=2',
    );
  });
});
