import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters drawn uniformly from [0-9A-Za-z] with a CSPRNG (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
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
