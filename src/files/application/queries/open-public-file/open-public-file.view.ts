import type { Readable } from 'node:stream';

/** A file served at its public path: what the response headers need, and its bytes. */
export interface PublicFileView {
  name: string;
  mimeType: string;
  sizeBytes: number;
  stream: Readable;
}
