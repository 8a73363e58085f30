import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../domain/domain-error.js';
import { CursorCodec, toPage } from './cursor.js';

const codec = new CursorCodec(Buffer.alloc(32, 1));
const pos = { at: '2026-11-22T10:00:00.000Z', id: 'ctc_abc' };

describe('CursorCodec', () => {
  it('round-trips a position', () => {
    const c = codec.encode('contacts', 'ws_1', pos);
    expect(codec.decode(c, 'contacts', 'ws_1')).toEqual(pos);
  });

  it.each([
    ['another list', (c: string) => codec.decode(c, 'files', 'ws_1')],
    ['another workspace', (c: string) => codec.decode(c, 'contacts', 'ws_2')],
    ['another filter', (c: string) => codec.decode(c, 'contacts', 'ws_1', 'FAILED')],
    ['another server key', (c: string) => new CursorCodec(Buffer.alloc(32, 2)).decode(c, 'contacts', 'ws_1')],
    ['a flipped character', (c: string) => codec.decode((c[0] === 'A' ? 'B' : 'A') + c.slice(1), 'contacts', 'ws_1')],
    ['a truncated tag', (c: string) => codec.decode(c.slice(0, -2), 'contacts', 'ws_1')],
    ['garbage', () => codec.decode('%%%', 'contacts', 'ws_1')],
    ['an empty string', () => codec.decode('', 'contacts', 'ws_1')],
    ['three parts', (c: string) => codec.decode(`${c}.x`, 'contacts', 'ws_1')],
  ])('refuses %s with a validation error on `after`', (_name, attempt) => {
    const c = codec.encode('contacts', 'ws_1', pos);
    try {
      attempt(c);
      throw new Error('decoded');
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).errors).toEqual([expect.objectContaining({ parameter: 'after' })]);
    }
  });
});

describe('CursorCodec across a key rotation', () => {
  const oldKey = Buffer.alloc(32, 1);
  const newKey = Buffer.alloc(32, 2);

  it('accepts cursors signed with a retired key, and signs new ones with the current key only', () => {
    const before = new CursorCodec(oldKey).encode('contacts', 'ws_1', pos);
    const rotated = new CursorCodec([newKey, oldKey]);
    expect(rotated.decode(before, 'contacts', 'ws_1')).toEqual(pos);
    const after = rotated.encode('contacts', 'ws_1', pos);
    expect(new CursorCodec(newKey).decode(after, 'contacts', 'ws_1')).toEqual(pos);
    expect(() => new CursorCodec(oldKey).decode(after, 'contacts', 'ws_1')).toThrow(ValidationError);
  });

  it('refuses the old cursors once the retired key is dropped', () => {
    const before = new CursorCodec(oldKey).encode('contacts', 'ws_1', pos);
    expect(() => new CursorCodec([newKey]).decode(before, 'contacts', 'ws_1')).toThrow(ValidationError);
  });
});

describe('toPage', () => {
  const rows = [1, 2, 3].map((n) => ({ at: `2026-11-22T10:00:0${n}.000Z`, id: `r${n}` }));
  it('uses the extra row only to set has_more', () => {
    const page = toPage(
      rows,
      2,
      (r) => r,
      (p) => p.id,
      (r) => r.id,
    );
    expect(page).toEqual({ data: ['r1', 'r2'], has_more: true, next_cursor: 'r2' });
  });
  it('ends with a null cursor', () => {
    const page = toPage(
      rows,
      3,
      (r) => r,
      (p) => p.id,
      (r) => r.id,
    );
    expect(page).toEqual({ data: ['r1', 'r2', 'r3'], has_more: false, next_cursor: null });
  });
});
