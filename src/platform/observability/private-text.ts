/**
 * What logs and traces may say about URLs and database errors (decisions.md, "Traces and logs carry no secret and no
 * visitor"; docs/adr/0063). Pure functions, shared by the logger (logger.ts) and the span scrubber (span-scrubber.ts).
 */

/**
 * A URL without what may be a secret: its query string (receivers put tokens there), its fragment and its user
 * information. `https://u:p@hooks.example.com/in?token=s#x` → `https://hooks.example.com/in`. Text that is not an
 * absolute URL is cut at its first `?` or `#`.
 */
export function withoutQuery(url: string): string {
  const parsed = URL.parse(url);
  if (parsed && parsed.protocol !== 'data:' && parsed.host !== '') return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  return url.replace(/[?#].*$/s, '');
}

/** Every absolute http(s) URL in a text, without its query, fragment and user information (see `withoutQuery`). */
export function withoutQueries(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'<>`]+/gi, (url) => withoutQuery(url));
}

/**
 * Fields of a database error that carry row values or statement text: `detail` ("Failing row contains (…)",
 * "Key (email)=(…) already exists"), `where` (the context, which may quote a statement), `internalQuery`, and the
 * parameters some drivers attach. Never logged.
 */
export const DATABASE_ERROR_VALUE_FIELDS = ['detail', 'where', 'internalQuery', 'parameters', 'params', 'values', 'bindings'] as const;

/**
 * The messages of PostgreSQL errors that quote the value they refused (`invalid input syntax for type uuid: "…"`,
 * `invalid input value for enum kind: "…"`): the quoted value is cut.
 */
export function withoutQuotedValue(message: string): string {
  return message.replace(/(invalid input (?:syntax|value) for [^:\n]*): ".*"/gs, '$1: [value]');
}

const MAX_DEPTH = 6;

/**
 * A copy of a serialized error (pino's `err` serializer output) without the fields of DATABASE_ERROR_VALUE_FIELDS, at
 * any depth (causes, aggregated errors, wrapped errors), with its messages and stacks cut of quoted values and of URL
 * queries. The original error is not changed.
 */
export function privateError(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => privateError(v, depth + 1));
  const denied = new Set<string>(DATABASE_ERROR_VALUE_FIELDS);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (denied.has(key)) continue;
    out[key] = typeof v === 'string' && (key === 'message' || key === 'stack') ? privateMessage(v) : privateError(v, depth + 1);
  }
  return out;
}

/** An error message as logs and traces may carry it: no quoted refused value, no URL query. */
export function privateMessage(message: string): string {
  return withoutQueries(withoutQuotedValue(message));
}
