import { describe, expect, it } from '@jest/globals';
import { privateSpanAttributes, privateSpanParts, privateSpanText, UNROUTED } from './span-privacy.js';

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

  it('exports the path of a request that matched no route as the fixed name, whatever it holds', () => {
    expect(privateSpanAttributes({ 'url.path': '/preview/tok.en' })).toEqual({ 'url.path': UNROUTED });
    expect(privateSpanAttributes({ 'url.path': '/v1/unrouted/s3cret', 'url.query': 'q=s3cret2' })).toEqual({ 'url.path': '(unrouted)' });
    expect(privateSpanAttributes({ 'client.address': 'not an address' })).toEqual({ 'client.address': 'unknown' });
  });

  it("cuts a request's unrouted path from every text of its span: name, status message, events", () => {
    const span = {
      name: 'GET /v1/unrouted/s3cret',
      attributes: { 'http.request.method': 'GET', 'url.path': '/v1/unrouted/s3cret?q=s3cret2' },
      events: [
        {
          name: 'exception',
          time: [1, 2],
          attributes: { 'exception.message': 'Cannot GET /v1/unrouted/s3cret?q=s3cret2', 'exception.type': 'NotFoundException' },
        },
      ],
      status: { code: 2, message: 'Cannot GET /v1/unrouted/s3cret?q=s3cret2' },
    };
    const out = privateSpanParts(span);
    expect(JSON.stringify(out)).not.toContain('s3cret');
    expect(out).toEqual({
      name: 'GET (unrouted)',
      attributes: { 'http.request.method': 'GET', 'url.path': '(unrouted)' },
      events: [
        {
          name: 'exception',
          time: [1, 2],
          attributes: { 'exception.message': 'Cannot GET (unrouted)', 'exception.type': 'NotFoundException' },
        },
      ],
      status: { code: 2, message: 'Cannot GET (unrouted)' },
    });
    // A routed request keeps its texts: the route is not a secret, nor what the route's path holds elsewhere.
    const routed = { ...span, name: 'GET /p/:slug', attributes: { 'http.route': '/p/:slug', 'url.path': '/p/s3cret' } };
    expect(privateSpanParts(routed).name).toBe('GET /p/:slug');
    expect(privateSpanParts(routed).attributes).toEqual({ 'http.route': '/p/:slug', 'url.path': '/p/:slug' });
  });

  it("uses the logs' filter for database error values: messages, stacks and value fields", () => {
    const refused = 'invalid input syntax for type uuid: "v@example.com"';
    const out = privateSpanParts({
      name: 'pg.query:INSERT bp',
      attributes: {
        'db.query.text': 'insert into "pages" ("title") values ($1)',
        'db.postgresql.values': ['v@example.com'],
        'db.query.parameter.0': 'v@example.com',
        'db.response.detail': 'Key (email)=(v@example.com) already exists.',
        'error.type': '22P02',
      },
      events: [
        {
          name: 'exception',
          attributes: {
            'exception.message': refused,
            'exception.stacktrace': `error: ${refused}\n    at Sql.all (sql.js:49:24)`,
            'exception.detail': 'Failing row contains (v@example.com).',
          },
        },
      ],
      status: { code: 2, message: `${refused}; Key (email)=(v@example.com) already exists` },
    });
    expect(JSON.stringify(out)).not.toContain('v@example.com');
    expect(out.attributes).toEqual({ 'db.query.text': 'insert into "pages" ("title") values ($1)', 'error.type': '22P02' });
    expect(out.events[0]!.attributes).toEqual({
      'exception.message': 'invalid input syntax for type uuid: [value]',
      'exception.stacktrace': 'error: invalid input syntax for type uuid: [value]\n    at Sql.all (sql.js:49:24)',
    });
    expect(out.status.message).toBe('invalid input syntax for type uuid: [value]; Key (email)=([value]) already exists');
  });
});
