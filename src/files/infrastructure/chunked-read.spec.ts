import { describe, expect, it } from '@jest/globals';
import { chunkedRead, READ_CHUNK_BYTES } from './chunked-read.js';

/** An object of `size` bytes (byte i is i mod 251), and the ranges fetched from it. */
function anObject(size: number) {
  const bytes = Buffer.from(Array.from({ length: size }, (_, i) => i % 251));
  const fetched: [number, number][] = [];
  const fetch = async (start: number, end: number) => {
    fetched.push([start, end]);
    return bytes.subarray(start, Math.min(end, size - 1) + 1);
  };
  return { bytes, fetched, fetch };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('chunkedRead (an object read chunk by chunk, as its consumer takes them)', () => {
  it('yields bytes start to last, fetching chunks of READ_CHUNK_BYTES one at a time', async () => {
    const size = 3 * READ_CHUNK_BYTES + 10;
    const o = anObject(size);
    const start = 5;
    const first = await o.fetch(start, start + READ_CHUNK_BYTES - 1);
    const read = chunkedRead(o.fetch, first, start, size - 2);
    const out: Buffer[] = [];
    for await (const chunk of read) out.push(chunk as Buffer);
    expect(Buffer.concat(out).equals(o.bytes.subarray(start, size - 1))).toBe(true);
    expect(o.fetched.every(([from, to]) => to - from + 1 <= READ_CHUNK_BYTES)).toBe(true);
    expect(o.fetched.at(-1)).toEqual([start + 3 * READ_CHUNK_BYTES, size - 2]);
  });

  it('fetches nothing ahead of a consumer that does not read, and nothing more once destroyed', async () => {
    const o = anObject(4 * READ_CHUNK_BYTES);
    const read = chunkedRead(o.fetch, await o.fetch(0, READ_CHUNK_BYTES - 1), 0, 4 * READ_CHUNK_BYTES - 1);
    await settled();
    expect(o.fetched).toHaveLength(1);
    expect((read.read() as Buffer).length).toBe(READ_CHUNK_BYTES);
    await settled();
    expect(o.fetched).toHaveLength(1);
    // Asked for more: the next chunk, and only it.
    expect(read.read()).toBeNull();
    await settled();
    expect(o.fetched).toHaveLength(2);
    read.destroy();
    await settled();
    expect(o.fetched).toHaveLength(2);
  });

  it('fails, rather than ends early, when the object is shorter than promised or a fetch fails', async () => {
    const o = anObject(READ_CHUNK_BYTES + 1);
    const short = chunkedRead(o.fetch, await o.fetch(0, READ_CHUNK_BYTES - 1), 0, 2 * READ_CHUNK_BYTES);
    await expect(async () => {
      for await (const _ of short);
    }).rejects.toThrow(/ended at byte/);
    const failing = chunkedRead(() => Promise.reject(new Error('store down')), Buffer.from('a'), 0, 9);
    await expect(async () => {
      for await (const _ of failing);
    }).rejects.toThrow('store down');
  });
});
