import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../domain/domain-error.js';

/** Position after the last row of a page in a newest-first keyset (`created_at DESC, id DESC`). */
export interface KeysetPosition {
  at: string;
  id: string;
}

interface CursorPayload {
  /** list name, e.g. `contacts` */
  l: string;
  /** workspace id */
  w: string;
  /** filter fingerprint (e.g. a status filter); '' when none */
  f: string;
  k: [string, string];
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Opaque keyset cursors: base64url(JSON) plus an HMAC tag. A tampered cursor, or one minted for another
 * list, workspace or filter, fails to decode and gives 400 `invalid_request` on the `after` parameter.
 * Cursors are signed with the first key and accepted under any of them (a master-key rotation keeps the
 * cursors clients hold working).
 */
export class CursorCodec {
  private readonly keys: Buffer[];

  constructor(keys: Buffer | Buffer[]) {
    this.keys = Array.isArray(keys) ? keys : [keys];
    if (this.keys.length === 0) throw new Error('CursorCodec needs a key');
  }

  encode(list: string, workspaceId: string, position: KeysetPosition, filter = ''): string {
    const payload: CursorPayload = { l: list, w: workspaceId, f: filter, k: [position.at, position.id] };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.tag(this.keys[0]!, body)}`;
  }

  decode(cursor: string, list: string, workspaceId: string, filter = ''): KeysetPosition {
    const invalid = () =>
      ValidationError.parameter('after', 'The cursor is not valid for this list; pass back a next_cursor exactly as returned.');
    if (cursor.length > 512) throw invalid();
    const [body, tag, extra] = cursor.split('.');
    if (!body || !tag || extra !== undefined) throw invalid();
    const given = Buffer.from(tag);
    const signed = this.keys.some((key) => {
      const expected = Buffer.from(this.tag(key, body));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!signed) throw invalid();
    let payload: CursorPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
    } catch {
      throw invalid();
    }
    if (payload?.l !== list || payload.w !== workspaceId || payload.f !== filter) throw invalid();
    const [at, id] = Array.isArray(payload.k) ? payload.k : [];
    if (typeof at !== 'string' || !ISO.test(at) || typeof id !== 'string' || id.length === 0) throw invalid();
    return { at, id };
  }

  private tag(key: Buffer, body: string): string {
    return createHmac('sha256', key).update(body).digest().subarray(0, 18).toString('base64url');
  }
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * Builds the list envelope from `limit + 1` fetched rows: the extra row only tells whether there is more.
 */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  position: (row: R) => KeysetPosition,
  cursorFor: (p: KeysetPosition) => string,
  map: (row: R) => T,
): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    data: pageRows.map(map),
    has_more: hasMore,
    next_cursor: hasMore && last ? cursorFor(position(last)) : null,
  };
}
