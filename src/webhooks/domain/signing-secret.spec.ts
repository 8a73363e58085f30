import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { canonicalBase64Length, checkSigningSecret } from './signing-secret.js';

const secretOf = (bytes: number) => `whsec_${randomBytes(bytes).toString('base64')}`;
const refusal = (raw: unknown) => {
  try {
    checkSigningSecret(raw);
  } catch (e) {
    const err = e as { code?: string; errors?: { pointer: string; detail: string }[] };
    return { code: err.code, pointers: err.errors?.map((x) => x.pointer), details: err.errors?.map((x) => x.detail) };
  }
  return null;
};

describe('checkSigningSecret', () => {
  it.each([24, 25, 26, 32, 48, 63, 64])('accepts whsec_ + base64 of %i bytes and returns it unchanged', (n) => {
    const s = secretOf(n);
    expect(checkSigningSecret(s)).toBe(s);
  });

  it('accepts what the service itself issues (32 bytes) and the Svix form (24 bytes, no padding)', () => {
    expect(checkSigningSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  });

  it.each([
    ['23 bytes', secretOf(23)],
    ['65 bytes', secretOf(65)],
    ['0 bytes', 'whsec_'],
  ])('refuses %s at /secret, naming the length', (_, s) => {
    const r = refusal(s);
    expect(r).toMatchObject({ code: 'invalid_request', pointers: ['/secret'] });
    expect(r!.details![0]).toMatch(/decodes to \d+ bytes/);
  });

  it.each([
    ['no prefix', randomBytes(32).toString('base64')],
    ['another prefix', `whsek_${randomBytes(32).toString('base64')}`],
    ['an upper-case prefix', `WHSEC_${randomBytes(32).toString('base64')}`],
    ['base64url digits', `whsec_${'-_'.repeat(16)}`],
    ['a character outside base64', `whsec_${'A'.repeat(31)}!`],
    ['missing padding', `whsec_${randomBytes(32).toString('base64').replace(/=+$/, '')}`],
    ['too much padding', `whsec_${randomBytes(32).toString('base64')}=`],
    ['a space inside', `whsec_${randomBytes(24).toString('base64').slice(0, 16)} ${randomBytes(24).toString('base64').slice(17)}`],
    ['a trailing newline', `${secretOf(32)}\n`],
    ['leftover bits in the last digit', `whsec_${'A'.repeat(42)}B=`],
    ['a number', 42],
    ['null', null],
  ])('refuses %s at /secret without repeating the value', (_, s) => {
    const r = refusal(s);
    expect(r).toMatchObject({ code: 'invalid_request', pointers: ['/secret'] });
    if (typeof s === 'string' && s.length > 6) expect(r!.details![0]).not.toContain(s.slice(6, 20));
  });
});

describe('canonicalBase64Length', () => {
  it('is the decoded length of what Node encodes, for every length around the padding cases', () => {
    for (let n = 0; n < 70; n++) expect(canonicalBase64Length(randomBytes(n).toString('base64'))).toBe(n);
  });

  it('is null for a spelling Node would decode too but that is not canonical', () => {
    expect(canonicalBase64Length('QQ')).toBeNull();
    expect(canonicalBase64Length('QR==')).toBeNull();
    expect(canonicalBase64Length('QUI=')).toBe(2);
    expect(canonicalBase64Length('QUJ=')).toBeNull();
  });
});
