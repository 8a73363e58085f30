import { describe, expect, it } from '@jest/globals';
import { normalizeHostname } from './hostname.js';

const OWN = ['api.bio.example', 'bio.example'];
const ok = (input: string) => normalizeHostname(input, OWN);

describe('hostnames', () => {
  it.each([
    ['links.example.com', 'links.example.com'],
    ['Links.Example.COM', 'links.example.com'],
    ['links.example.com.', 'links.example.com'],
    ['  shop.example.org ', 'shop.example.org'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['例え.jp', 'xn--r8jz45g.jp'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    ['x.io', 'x.io'],
  ])('stores %j as %j', (input, stored) => {
    expect(ok(input)).toEqual({ ok: true, hostname: stored });
  });

  it.each([
    ['', 'hostname must not be empty'],
    ['*.example.com', 'hostname must be one name, not a wildcard'],
    ['127.0.0.1', 'hostname must be a domain name, not an IP address'],
    ['127.1', 'hostname must be a domain name, not an IP address'],
    ['0x7f.0.0.1', 'hostname must be a domain name, not an IP address'],
    ['::1', 'hostname must be a domain name, not an IP address'],
    ['[2001:db8::1]', 'hostname must be a domain name, not an IP address'],
    ['localhost', 'hostname must not be localhost'],
    ['app.localhost', 'hostname must not be localhost'],
    ['intranet', 'hostname must have at least two labels, such as links.example.com'],
    ['https://links.example.com', 'hostname must be a bare name such as links.example.com, without scheme, port or path'],
    ['links.example.com:8443', 'hostname must be a bare name such as links.example.com, without scheme, port or path'],
    ['links.example.com/me', 'hostname must be a bare name such as links.example.com, without scheme, port or path'],
    ['-bad.example.com', 'hostname labels must be 1 to 63 letters, digits or hyphens, not starting or ending with one'],
    ['a..example.com', 'hostname labels must be 1 to 63 letters, digits or hyphens, not starting or ending with one'],
    [`${'a'.repeat(64)}.example.com`, 'hostname labels must be 1 to 63 letters, digits or hyphens, not starting or ending with one'],
    [`${'a.'.repeat(126)}example`, 'hostname must be at most 253 characters'],
    ['under_score.example.com', 'hostname labels must be 1 to 63 letters, digits or hyphens, not starting or ending with one'],
    ['BIO.example', "hostname must not be one of the service's own hosts"],
    ['api.bio.example.', "hostname must not be one of the service's own hosts"],
  ])('refuses %j: %s', (input, problem) => {
    expect(ok(input)).toEqual({ ok: false, problem });
  });

  it('takes exactly 253 characters', () => {
    const name = `${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.example`.slice(0, 253);
    expect(name).toHaveLength(253);
    const result = ok(name.replace(/\.$/, 'x'));
    expect(result.ok).toBe(true);
  });
});
