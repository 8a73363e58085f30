import { randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * CSPRNG bytes drawn 4 KiB at a time (as `randomUUID` caches its entropy): one call into the system's generator per
 * ~150 ids instead of one per id (the webhook fan-out draws one per delivery). Each byte is used once.
 */
const pool = Buffer.alloc(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** `length` characters drawn uniformly from [0-9A-Za-z] with a CSPRNG (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

/** The id port: prefixed, opaque identifiers such as `ws_…`, `key_…`, `ctc_…`. */
export abstract class IdGenerator {
  abstract next(prefix: string): string;
}

/**
 * The kinds whose ids start with their creation time: deliveries and webhook envelopes, written by the thousand a
 * second into tables whose primary keys (and the delivery event store's) they lead. A random id puts every insert on a
 * random leaf page of those indexes; a time-ordered one puts a batch's inserts on a few pages at the right-hand edge
 * (docs/adr/0081). Other ids stay random throughout.
 */
export const TIME_ORDERED_PREFIXES: ReadonlySet<string> = new Set(['dlv', 'whmsg']);

/** Milliseconds since the epoch in 9 characters of [0-9a-z]: the same order in any collation until the year 5188. */
const TIME_CHARS = 9;

/**
 * 24 characters after the prefix in every case, from [0-9A-Za-z]. Time-ordered kinds: 9 of creation time in base 36
 * (lower case and digits, so the text sorts as the time does whatever the database's collation), then 15 random
 * base62 characters (89 bits).
 */
export class RandomIdGenerator extends IdGenerator {
  next(prefix: string): string {
    if (!TIME_ORDERED_PREFIXES.has(prefix)) return `${prefix}_${randomBase62(24)}`;
    return `${prefix}_${Date.now().toString(36).padStart(TIME_CHARS, '0')}${randomBase62(24 - TIME_CHARS)}`;
  }
}
