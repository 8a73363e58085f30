import type { ByteRange } from '../../application/ports/file.ports.js';

/** Range specs past this many are not looked at: the whole file is sent (RFC 9110 §14.2 lets a server ignore Range). */
const MAX_SPECS = 100;

const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

/**
 * What a request's `Range` asks of a file of `size` bytes (RFC 9110 §14): one byte range to send as 206;
 * `unsatisfiable` (416) when every range it names starts at or past the end; undefined when the whole file is sent:
 * no `Range`, an `If-Range` that is not this file's ETag, another unit than bytes, a header that does not parse as
 * a byte range set (`bytes=9-0`: a last byte before the first makes it invalid, so it is ignored, §14.1.1), or
 * several ranges that do not merge into one.
 */
export function requestedRange(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (range === undefined || (ifRange !== undefined && ifRange.trim() !== etag)) return undefined;
  const spans = byteRangeSet(range);
  if (!spans) return undefined;
  const satisfiable = spans.flatMap((span): ByteRange[] => {
    if ('suffix' in span) return span.suffix > 0 && size > 0 ? [{ start: Math.max(0, size - span.suffix), end: size - 1 }] : [];
    return span.first < size ? [{ start: span.first, end: Math.min(span.last ?? size - 1, size - 1) }] : [];
  });
  if (satisfiable.length === 0) return 'unsatisfiable';
  const merged = merge(satisfiable);
  return merged.length === 1 ? merged[0] : undefined;
}

type Spec = { first: number; last: number | undefined } | { suffix: number };

/** The specs of a `bytes=` range set, or undefined when the header is not one (another unit, a malformed spec). */
function byteRangeSet(header: string): Spec[] | undefined {
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return undefined;
  // A list may hold empty elements (RFC 9110 §5.6.1): `bytes=0-1,,` is `bytes=0-1`.
  const items = header
    .slice(eq + 1)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0 || items.length > MAX_SPECS) return undefined;
  const specs: Spec[] = [];
  for (const item of items) {
    const suffix = SUFFIX_RANGE.exec(item);
    if (suffix) {
      specs.push({ suffix: Number(suffix[1]) });
      continue;
    }
    const int = INT_RANGE.exec(item);
    if (!int) return undefined;
    const first = Number(int[1]);
    const last = int[2] === '' ? undefined : Number(int[2]);
    if (last !== undefined && last < first) return undefined;
    specs.push({ first, last });
  }
  return specs;
}

/** Ranges that overlap or touch, merged; in order of their start. */
function merge(ranges: ByteRange[]): ByteRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: ByteRange[] = [];
  for (const r of sorted) {
    const previous = out.at(-1);
    if (previous && r.start <= previous.end + 1) out[out.length - 1] = { start: previous.start, end: Math.max(previous.end, r.end) };
    else out.push(r);
  }
  return out;
}
