import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signatureHeaders, signingKeys } from './webhook-signing.js';

// Signatures are checked with the `standardwebhooks` reference package, not with our own code.
describe('webhook signatures', () => {
  const body = JSON.stringify({
    id: 'whmsg_1',
    type: 'page.published',
    created_at: '2026-11-22T10:00:00.000Z',
    data: { page: { id: 'pg_1' } },
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('makes whsec_ secrets of 32 random bytes', () => {
    const s = newSigningSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(s);
  });

  it('signs so that the reference verifier accepts the payload', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders([secret], 'whmsg_1', now(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('signs the same with keys made once from the secrets (as a dispatch batch does)', () => {
    const [oldS, newS] = [newSigningSecret(), newSigningSecret()];
    const ts = now();
    const headers = signatureHeaders(signingKeys([newS, oldS]), 'whmsg_3', ts, body);
    expect(headers).toEqual(signatureHeaders([newS, oldS], 'whmsg_3', ts, body));
    expect(new Webhook(oldS).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => signingKeys(['not-a-secret'])).toThrow(/whsec_/);
  });

  it('signs with both secrets during a rotation overlap; either verifies', () => {
    const [oldS, newS] = [newSigningSecret(), newSigningSecret()];
    const headers = signatureHeaders([newS, oldS], 'whmsg_2', now(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(newS).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(oldS).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });

  it('is refused by the verifier when the body, id or timestamp changes', () => {
    const secret = newSigningSecret();
    const ts = now();
    const headers = signatureHeaders([secret], 'whmsg_3', ts, body);
    expect(() => new Webhook(secret).verify(body.replace('pg_1', 'pg_2'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'whmsg_4' })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-timestamp': String(ts - 1000) })).toThrow();
  });
});
