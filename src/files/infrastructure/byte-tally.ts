import { createHash } from 'node:crypto';
import type { StagedBytes } from '../application/ports/file.ports.js';
import { collectUploadGarbage } from './upload-garbage.js';

/** The first bytes kept for telling a file's type from its signature (file-type reads up to 4,100). */
const HEAD_BYTES = 4100;

/** What a store counts while bytes stream through it on their way to staging: SHA-256, size and the first bytes. */
export class ByteTally {
  private readonly hash = createHash('sha256');
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private size = 0;

  add(chunk: Buffer): void {
    collectUploadGarbage(chunk.length);
    this.hash.update(chunk);
    if (this.headBytes < HEAD_BYTES) {
      const taken = chunk.subarray(0, HEAD_BYTES - this.headBytes);
      this.head.push(taken);
      this.headBytes += taken.length;
    }
    this.size += chunk.length;
  }

  staged(id: string): StagedBytes {
    return { id, sizeBytes: this.size, sha256: this.hash.digest('hex'), head: Buffer.concat(this.head) };
  }
}
