/**
 * What logs, traces and stored errors may say about URLs and database errors (decisions.md, "Traces and logs carry no
 * secret and no visitor" and "Public files hold under slow readers"; docs/adr/0063). Pure functions, one definition
 * shared by the logger (logger.ts), the span exporter (span-privacy.ts) and the outbox's `last_error`
 * (outbox-relay.statements.ts).
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
 * PostgreSQL messages that end by quoting the value they refused: `<one of these>: "<value>"` (to the last quote; to
 * the end of the line when the text was cut before it).
 */
const QUOTING =
  /(invalid input (?:syntax|value) for [^:\n]*|malformed [a-z]+ literal|date\/time field value out of range): "(?:.*"|[^\n]*)/gs;
/** `value "<value>" is out of range for type integer`. */
const OUT_OF_RANGE = /\bvalue ".*?" is out of range\b/g;
/** A key's values, as a unique, foreign key or exclusion violation's detail states them: `Key (email)=(…) already exists`. */
const KEY_VALUES =
  /\bKey \(([^\n]*?)\)=\((?!\[value\]\))[^\n]*?\)(?= already exists| is not present| is still referenced| conflicts with)/g;
/** Any other `Key (…)=(…`: cut to the end of the line (a text cut short may have lost the closing parenthesis). */
const KEY_VALUES_REST = /\bKey \(([^\n]*?)\)=\((?!\[value\]\))[^\n]*/g;
/** A refused row, as a check or not-null violation's detail states it: `Failing row contains (…)`, to the end of the line. */
const FAILING_ROW = /\bFailing row contains \([^\n]*/g;

/**
 * A PostgreSQL error's text without the row values it may quote: the refused value of an invalid-input message
 * (`invalid input syntax for type uuid: "…"`, `invalid input value for enum kind: "…"`, `malformed array literal:
 * "…"`, `value "…" is out of range`), and a detail's key values and failing row, wherever a wrapper copied them into
 * a message (`Key (email)=(…) already exists`, `Failing row contains (…)`). Names (relations, constraints, columns,
 * types) stay.
 */
export function withoutRowValues(message: string): string {
  return message
    .replace(QUOTING, '$1: [value]')
    .replace(OUT_OF_RANGE, 'value [value] is out of range')
    .replace(KEY_VALUES, 'Key ($1)=([value])')
    .replace(KEY_VALUES_REST, 'Key ($1)=([value])')
    .replace(FAILING_ROW, 'Failing row contains [row]');
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

/**
 * An error message (or any text) as logs, spans and `outbox.last_error` may carry it: no row value of a database error
 * (`withoutRowValues`), no URL query. The one filter for database error values: do not copy it.
 */
export function privateMessage(message: string): string {
  return withoutQueries(withoutRowValues(message));
}
