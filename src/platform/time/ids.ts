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

export class RandomIdGenerator extends IdGenerator {
  next(prefix: string): string {
    return `${prefix}_${randomBase62(24)}`;
  }
}
