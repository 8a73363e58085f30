import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signatureHeaders } from '../webhooks/infrastructure/webhook-signature.js';
import { failure, streamUrl } from './listen.js';
import { RecentIds } from './recent-ids.js';
import { sessionSecret } from './session-secret.js';

describe('the session secret of listen', () => {
  it('is whsec_ and the base64 of HMAC-SHA256(key, "bio-page listen v1"): stable, and its own per key', () => {
    const secret = sessionSecret('bp_live_abc');
    expect(secret).toBe(`whsec_${createHmac('sha256', 'bp_live_abc').update('bio-page listen v1').digest('base64')}`);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(sessionSecret('bp_live_abc')).toBe(secret);
    expect(sessionSecret('bp_live_abd')).not.toBe(secret);
  });

  it('signs so that the Standard Webhooks reference verifier accepts what listen forwards', () => {
    const secret = sessionSecret('bp_live_abc');
    const body = '{"id":"whmsg_1","type":"page.published","created_at":"2026-11-29T03:00:00.000Z","data":{}}';
    const headers = signatureHeaders([secret], 'whmsg_1', Math.floor(Date.now() / 1000), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(sessionSecret('another key')).verify(body, headers)).toThrow();
  });
});

describe('RecentIds', () => {
  it('says whether an id is new, and forgets the oldest past its bound', () => {
    const ids = new RecentIds(2);
    expect([ids.add('a'), ids.add('a'), ids.add('b'), ids.add('c')]).toEqual([true, false, true, true]);
    expect(ids.size).toBe(2);
    expect(ids.add('a')).toBe(true); // forgotten: a bound, not a leak
    expect(ids.add('c')).toBe(false);
  });
});

describe('listen', () => {
  it('reads the stream under the base URL, path prefix included, one type parameter per type', () => {
    expect(streamUrl(new URL('http://127.0.0.1:3000')).href).toBe('http://127.0.0.1:3000/v1/events/stream');
    expect(streamUrl(new URL('https://api.example.com/bp'), ['page.published', 'contact.created']).href).toBe(
      'https://api.example.com/bp/v1/events/stream?type=page.published&type=contact.created',
    );
  });

  it("tells a failed request's cause, not fetch's bare message", () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' },
    });
    expect(failure(refused)).toBe('connect ECONNREFUSED 127.0.0.1:9');
    expect(failure(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe('timed out');
  });
});
