import { clientNetwork } from './client-address.js';
import { withoutQueries } from './private-text.js';

/**
 * What an exported span may say (decisions.md, "Traces and logs carry no secret and no visitor"; docs/adr/0063):
 * the route pattern, never a preview token, a query string or a raw client address. Pure functions, applied to
 * every span before it is exported (tracing-sdk.ts), whatever instrumentation wrote it.
 */

export type SpanAttributeValue = string | number | boolean | Array<null | undefined | string | number | boolean>;
export type SpanAttributes = Record<string, SpanAttributeValue | undefined>;

/** Attributes that hold a whole URL or a query: dropped (`url.path` and the route say what they may). */
const DROPPED = new Set(['url.full', 'url.query', 'http.url', 'http.target', 'url.fragment']);
/** Attributes that hold a client's address: truncated like the logs' (IPv4 /24, IPv6 /48). */
const ADDRESSES = new Set(['client.address', 'network.peer.address', 'net.peer.ip', 'net.sock.peer.addr', 'http.client_ip']);
/** Attributes that hold a client's port: dropped (with the address, they name one connection). */
const PORTS = new Set(['client.port', 'network.peer.port', 'net.peer.port', 'net.sock.peer.port']);

/** A preview link's path segment is a bearer token (docs/adr/0043): it becomes the route's parameter name. */
const PREVIEW_TOKEN = /\/preview\/[^/?#\s"'<>]+/g;
/** A path or a text with a query string: cut at the `?` (up to the next blank). */
const RELATIVE_QUERY = /(\/[^\s?"'<>]*)\?[^\s"'<>]*/g;

/** A text as a span may carry it: no URL query (absolute or relative) and no preview token. */
export function privateSpanText(text: string): string {
  return withoutQueries(text).replace(RELATIVE_QUERY, '$1').replace(PREVIEW_TOKEN, '/preview/:token');
}

const scrubValue = (value: SpanAttributeValue): SpanAttributeValue =>
  typeof value === 'string'
    ? privateSpanText(value)
    : Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? privateSpanText(v) : v))
      : value;

/** A copy of a span's (or a span event's) attributes that carries no token, query or raw client address. */
export function privateSpanAttributes(attributes: SpanAttributes): SpanAttributes {
  const out: SpanAttributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || DROPPED.has(key) || PORTS.has(key)) continue;
    if (ADDRESSES.has(key)) out[key] = typeof value === 'string' ? clientNetwork(value) : 'unknown';
    else if (key === 'url.path' && typeof attributes['http.route'] === 'string') out[key] = attributes['http.route'];
    else out[key] = scrubValue(value);
  }
  return out;
}
