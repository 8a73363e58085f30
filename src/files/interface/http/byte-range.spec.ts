import { describe, expect, it } from '@jest/globals';
import { requestedRange } from './byte-range.js';

const ETAG = '"file_1"';
const of = (range: string | undefined, size = 100, ifRange?: string) => requestedRange(range, ifRange, ETAG, size);

describe('requestedRange (what a Range header asks of a public file, RFC 9110 §14)', () => {
  it('reads one range, open-ended or a suffix, cut at the end of the file', () => {
    expect(of('bytes=5-14')).toEqual({ start: 5, end: 14 });
    expect(of('bytes=90-')).toEqual({ start: 90, end: 99 });
    expect(of('bytes=90-1000')).toEqual({ start: 90, end: 99 });
    expect(of('bytes=-4')).toEqual({ start: 96, end: 99 });
    expect(of('bytes=-400')).toEqual({ start: 0, end: 99 });
    expect(of('Bytes = 0-0')).toEqual({ start: 0, end: 0 });
    expect(of('bytes=0-1,,')).toEqual({ start: 0, end: 1 });
  });

  it('ignores a header that is not a valid byte range set: the whole file (bytes=9-0 is invalid, not unsatisfiable)', () => {
    for (const header of [
      'bytes=9-0',
      'bytes=0-1,9-0',
      'bytes=x',
      'bytes=',
      'bytes=1',
      'bytes=--1',
      'bytes=1-2-3',
      'bytes 0-1',
      'items=0-1',
    ])
      expect([header, of(header)]).toEqual([header, undefined]);
    expect(of(undefined)).toBeUndefined();
    expect(of(`bytes=${Array.from({ length: 101 }, (_, i) => `${i}-${i}`).join(',')}`)).toBeUndefined();
  });

  it('answers unsatisfiable only when every range starts at or past the end (416)', () => {
    expect(of('bytes=100-')).toBe('unsatisfiable');
    expect(of('bytes=100-200,300-')).toBe('unsatisfiable');
    expect(of('bytes=-0')).toBe('unsatisfiable');
    expect(of('bytes=0-', 0)).toBe('unsatisfiable');
    expect(of('bytes=99999999999999999999999-')).toBe('unsatisfiable');
    expect(of('bytes=100-200,0-1')).toEqual({ start: 0, end: 1 });
  });

  it('merges ranges that overlap or touch into one; several apart get the whole file', () => {
    expect(of('bytes=0-5,3-10')).toEqual({ start: 0, end: 10 });
    expect(of('bytes=6-10,0-5')).toEqual({ start: 0, end: 10 });
    expect(of('bytes=0-1,20-30')).toBeUndefined();
  });

  it('sends the whole file for an If-Range that is not this file’s ETag', () => {
    expect(of('bytes=0-1', 100, '"file_other"')).toBeUndefined();
    expect(of('bytes=0-1', 100, 'Wed, 21 Oct 2015 07:28:00 GMT')).toBeUndefined();
    expect(of('bytes=0-1', 100, ETAG)).toEqual({ start: 0, end: 1 });
  });
});
