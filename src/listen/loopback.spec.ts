import { describe, expect, it } from '@jest/globals';
import { plainHttpWarning } from './loopback.js';

const warns = (url: string) => plainHttpWarning(new URL(url)) !== null;

describe('the plain http:// warning of listen', () => {
  it('is silent for loopback: localhost, 127.0.0.0/8 in any form the URL parser accepts, ::1 and its mapped forms', () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST.:3000/bp',
      'http://127.0.0.1:3000',
      'http://127.255.255.254',
      'http://127.1:3000',
      'http://0x7f000001',
      'http://[::1]:3000',
      'http://[0:0:0:0:0:0:0:1]',
      'http://[::ffff:127.0.0.1]:3000',
    ])
      expect([url, warns(url)]).toEqual([url, false]);
  });

  it('warns for any other host over http://: a public or private address, another name, 0.0.0.0', () => {
    for (const url of [
      'http://192.0.2.1:9',
      'http://10.0.0.5:3000',
      'http://128.0.0.1',
      'http://api.example.com',
      'http://localhost.example.com',
      'http://my.localhost',
      'http://0.0.0.0:3000',
      'http://[::2]',
      'http://[::ffff:10.0.0.1]',
    ])
      expect([url, warns(url)]).toEqual([url, true]);
    expect(plainHttpWarning(new URL('http://api.example.com/bp'))).toBe(
      'warning: http://api.example.com is plain http:// to another machine: the API key and every event cross the network ' +
        'unencrypted; use an https:// API URL',
    );
  });

  it('is silent over https://, whatever the host', () => {
    expect(warns('https://api.example.com')).toBe(false);
    expect(warns('https://192.0.2.1')).toBe(false);
  });
});
