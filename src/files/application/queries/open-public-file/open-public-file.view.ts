import type { Readable } from 'node:stream';
import type { ByteRange } from '../../ports/file.ports.js';

/** A file served at its public path: what the response headers need, and a way to its bytes (all, or a range). */
export interface PublicFileView {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  /** The bytes (only `range` of them, when given); null when the store no longer has them. */
  open(range?: ByteRange): Promise<Readable | null>;
}
