import { describe, expect, it } from '@jest/globals';
import { hostOf, ownHostsOf } from './hosts.js';

describe('hostOf', () => {
  it('gives a Host header or a TLS name in the stored form: lower case, no port, no trailing dot', () => {
    expect(hostOf('Links.Example.COM')).toBe('links.example.com');
    expect(hostOf('links.example.com:8443')).toBe('links.example.com');
    expect(hostOf('links.example.com.')).toBe('links.example.com');
    expect(hostOf('links.example.com.:443')).toBe('links.example.com');
    expect(hostOf(' links.example.com ')).toBe('links.example.com');
    expect(hostOf('[::1]:8080')).toBe('[::1]');
    expect(hostOf('')).toBe('');
  });
});

describe('ownHostsOf', () => {
  it("lists the API's and the live site's hosts once each", () => {
    expect(ownHostsOf({ publicApiUrl: 'https://api.example.com/', publicSiteUrl: 'https://example.com/p' })).toEqual([
      'api.example.com',
      'example.com',
    ]);
    expect(ownHostsOf({ publicApiUrl: 'http://localhost:3000', publicSiteUrl: 'http://localhost:3000/p' })).toEqual(['localhost']);
  });
});
