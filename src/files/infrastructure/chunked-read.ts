import { Readable } from 'node:stream';

/** The most bytes one read from the object store fetches: what a download holds in memory at a time. */
export const READ_CHUNK_BYTES = 256 * 1024;

/** Fetches bytes `start` to `end` (both included) of one object, whole, releasing its connection before it resolves. */
export type FetchChunk = (start: number, end: number) => Promise<Buffer>;

/**
 * Bytes `start` to `last` of an object, read chunk by chunk (at most READ_CHUNK_BYTES each) and only when the
 * consumer asks for more (docs/adr/0064, amended). A connection to the store is held while a chunk arrives, never
 * while a client is slow to take it: a reader at 2 KB/s costs one chunk of memory, not a socket for an hour.
 * `first` is the first chunk, fetched already (its answer told whether the object exists, and its size).
 */
export function chunkedRead(fetch: FetchChunk, first: Buffer, start: number, last: number): Readable {
  let position = start + first.length;
  const pull = async () => {
    const from = position;
    try {
      const bytes = await fetch(from, Math.min(last, from + READ_CHUNK_BYTES - 1));
      if (stream.destroyed) return;
      if (bytes.length === 0) throw new Error(`the object ended at byte ${from}, before byte ${last}`);
      position += bytes.length;
      stream.push(bytes);
      if (position > last) stream.push(null);
    } catch (err) {
      stream.destroy(err as Error);
    }
  };
  // No read-ahead of its own: the next chunk is fetched when this one has been taken.
  const stream = new Readable({ highWaterMark: 0, read: () => void pull() });
  if (first.length > 0) stream.push(first);
  if (position > last) stream.push(null);
  return stream;
}
