import { describe, expect, it } from '@jest/globals';
import { privateSpanAttributes, privateSpanText } from './span-privacy.js';

describe('what a span may carry', () => {
  it('cuts query strings, absolute or relative, and preview tokens from text', () => {
    expect(privateSpanText('GET /v1/pages?limit=2&starting_after=pg_1')).toBe('GET /v1/pages');
    expect(privateSpanText('https://hooks.example.com/in?token=s3cret')).toBe('https://hooks.example.com/in');
    expect(privateSpanText('GET /preview/eyJhbGciOi.sig')).toBe('GET /preview/:token');
    expect(privateSpanText('/preview/abc.def?x=1')).toBe('/preview/:token');
    expect(privateSpanText('GET /p/{slug}')).toBe('GET /p/{slug}');
  });

  it('drops whole URLs, queries and client ports, truncates client addresses, and keeps the route', () => {
    const out = privateSpanAttributes({
      'http.request.method': 'GET',
      'http.route': '/preview/:token',
      'url.path': '/preview/tok.en',
      'url.query': 'utm_source=x',
      'url.full': 'http://127.0.0.1:3000/preview/tok.en?utm_source=x',
      'http.target': '/preview/tok.en?utm_source=x',
      'client.address': '203.0.113.77',
      'client.port': 51234,
      'network.peer.address': '2001:db8:1234:5678::1',
      'network.peer.port': 51234,
      'server.address': '127.0.0.1',
      'http.response.status_code': 200,
      tags: ['/r/x?to=y', 1],
    });
    expect(out).toEqual({
      'http.request.method': 'GET',
      'http.route': '/preview/:token',
      'url.path': '/preview/:token',
      'client.address': '203.0.113.0/24',
      'network.peer.address': '2001:db8:1234::/48',
      'server.address': '127.0.0.1',
      'http.response.status_code': 200,
      tags: ['/r/x', 1],
    });
  });

  it('cuts a path without a route of its token and its query', () => {
    expect(privateSpanAttributes({ 'url.path': '/preview/tok.en' })).toEqual({ 'url.path': '/preview/:token' });
    expect(privateSpanAttributes({ 'client.address': 'not an address' })).toEqual({ 'client.address': 'unknown' });
  });
});
