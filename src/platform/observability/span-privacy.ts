import { clientNetwork } from './client-address.js';
import { DATABASE_ERROR_VALUE_FIELDS, privateMessage, withoutQuery } from './private-text.js';

/**
 * What an exported span may say (decisions.md, "Traces and logs carry no secret and no visitor" and "Public files hold
 * under slow readers"; docs/adr/0063): the route pattern, never a preview token, a query string, a raw client address,
 * the path of a request that matched no route, or a database error's row values (the logs' filter, private-text.ts).
 * Pure functions, applied to every span before it is exported (tracing-sdk.ts), whatever instrumentation wrote it.
 */

export type SpanAttributeValue = string | number | boolean | Array<null | undefined | string | number | boolean>;
export type SpanAttributes = Record<string, SpanAttributeValue | undefined>;

/**
 * The fixed name a request that matched no route is exported under, as its `url.path`: its own path is anything a
 * client sent (a token, an address). Its span name stays the method alone (OpenTelemetry's HTTP conventions name a
 * server span `{method} {route}`, and `{method}` when there is no route), and it has no `http.route`.
 */
export const UNROUTED = '(unrouted)';

/** Attributes that hold a whole URL or a query: dropped (`url.path` and the route say what they may). */
const DROPPED = new Set(['url.full', 'url.query', 'http.url', 'http.target', 'url.fragment']);
/** Attributes that hold a client's address: truncated like the logs' (IPv4 /24, IPv6 /48). */
const ADDRESSES = new Set(['client.address', 'network.peer.address', 'net.peer.ip', 'net.sock.peer.addr', 'http.client_ip']);
/** Attributes that hold a client's port: dropped (with the address, they name one connection). */
const PORTS = new Set(['client.port', 'network.peer.port', 'net.peer.port', 'net.sock.peer.port']);
/** The logs' fields of a database error that carry row values (`detail`, `where`, `parameters`, …), by last name segment. */
const ROW_VALUE_FIELDS = new Set<string>(DATABASE_ERROR_VALUE_FIELDS);
const holdsRowValues = (key: string) => ROW_VALUE_FIELDS.has(key.slice(key.lastIndexOf('.') + 1)) || key.startsWith('db.query.parameter.');

/** A preview link's path segment is a bearer token (docs/adr/0043): it becomes the route's parameter name. */
const PREVIEW_TOKEN = /\/preview\/[^/?#\s"'<>]+/g;
/** A path or a text with a query string: cut at the `?` (up to the next blank). */
const RELATIVE_QUERY = /(\/[^\s?"'<>]*)\?[^\s"'<>]*/g;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The path of a request that matched no route, as its span recorded it (`url.path`, or the older `http.target`,
 * without the query), when the span has one and no `http.route`; undefined otherwise.
 */
export function unroutedPath(attributes: SpanAttributes): string | undefined {
  if (attributes['http.route'] !== undefined) return undefined;
  const path = attributes['url.path'] ?? attributes['http.target'];
  return typeof path === 'string' ? withoutQuery(path) : undefined;
}

/**
 * A text as a span may carry it: no row value of a database error and no URL query (`privateMessage`, the logs'
 * filter), no relative query, no preview token, and, on the span of a request that matched no route, not its path.
 */
export function privateSpanText(text: string, unrouted?: string): string {
  const cut = unrouted && unrouted !== '/' ? text.replace(new RegExp(`${escaped(unrouted)}(?:[?#][^\\s"'<>]*)?`, 'g'), UNROUTED) : text;
  return privateMessage(cut).replace(RELATIVE_QUERY, '$1').replace(PREVIEW_TOKEN, '/preview/:token');
}

const scrubValue = (value: SpanAttributeValue, unrouted: string | undefined): SpanAttributeValue =>
  typeof value === 'string'
    ? privateSpanText(value, unrouted)
    : Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? privateSpanText(v, unrouted) : v))
      : value;

/**
 * A copy of a span's (or a span event's) attributes that carries no token, query, raw client address, unrouted path
 * or database error row value. `unrouted` is the span's unrouted path, for its events' attributes.
 */
export function privateSpanAttributes(attributes: SpanAttributes, unrouted = unroutedPath(attributes)): SpanAttributes {
  const out: SpanAttributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || DROPPED.has(key) || PORTS.has(key) || holdsRowValues(key)) continue;
    if (ADDRESSES.has(key)) out[key] = typeof value === 'string' ? clientNetwork(value) : 'unknown';
    else if (key === 'url.path') out[key] = typeof attributes['http.route'] === 'string' ? attributes['http.route'] : UNROUTED;
    else out[key] = scrubValue(value, unrouted);
  }
  return out;
}

/** The parts of a span that may say something private. */
export interface SpanParts<E extends { name: string; attributes?: object }, S extends { message?: string }> {
  name: string;
  attributes: object;
  events: E[];
  status: S;
}

/** A span's name, attributes, events and status message as they may be exported (the rules above). */
export function privateSpanParts<E extends { name: string; attributes?: object }, S extends { message?: string }>(
  span: SpanParts<E, S>,
): SpanParts<E, S> {
  const unrouted = unroutedPath(span.attributes as SpanAttributes);
  return {
    name: privateSpanText(span.name, unrouted),
    attributes: privateSpanAttributes(span.attributes as SpanAttributes, unrouted),
    events: span.events.map((e) => ({
      ...e,
      name: privateSpanText(e.name, unrouted),
      attributes: e.attributes && privateSpanAttributes(e.attributes as SpanAttributes, unrouted),
    })),
    status: span.status.message === undefined ? span.status : { ...span.status, message: privateSpanText(span.status.message, unrouted) },
  };
}
