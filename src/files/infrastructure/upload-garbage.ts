/** Upload bytes received by this process since its last young-generation collection. */
let sinceCollection = 0;
/** How much upload data may turn to garbage before it is collected. */
const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;
/** V8's collector, when the process runs with --expose-gc (`npm start`, `npm run api`, the image: docs/adr/0064). */
const gc = (globalThis as { gc?: (options: { type: 'minor'; execution: 'async' }) => void }).gc;

/**
 * Keeps the garbage of uploads bounded (docs/adr/0064). An upload arrives as 64 KiB socket chunks: tiny JS objects
 * holding their bytes outside the heap. They die at once, but V8 collects them only after 64 MiB of such memory has
 * piled up, since they hardly grow the heap. 50 concurrent uploads would add that much to the process's RSS. A
 * young-generation collection (about a millisecond) every 8 MiB of upload bytes keeps the pile at 8 MiB.
 */
export function collectUploadGarbage(bytes: number): void {
  if (!gc) return;
  sinceCollection += bytes;
  if (sinceCollection < COLLECT_EVERY_BYTES) return;
  sinceCollection = 0;
  gc({ type: 'minor', execution: 'async' });
}
