import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FileRepository, FileStorage } from '../../ports/file.ports.js';
import { OpenPublicFileQuery } from './open-public-file.query.js';
import type { PublicFileView } from './open-public-file.view.js';

/**
 * Public paths carry the file's id and its name; both must match. Served without a key, like a CDN URL. The bytes are
 * opened by the caller once it knows which of them it sends (a range, or none for a 304).
 */
@QueryHandler(OpenPublicFileQuery)
export class OpenPublicFileHandler implements IQueryHandler<OpenPublicFileQuery, PublicFileView | null> {
  constructor(
    private readonly files: FileRepository,
    private readonly storage: FileStorage,
  ) {}

  async execute(q: OpenPublicFileQuery): Promise<PublicFileView | null> {
    if (!/^file_[0-9A-Za-z]{1,64}$/.test(q.id)) return null;
    const file = await this.files.byRoutedId(q.id);
    if (!file || file.state.name !== q.name) return null;
    const f = file.state;
    return {
      id: f.id,
      name: f.name,
      mimeType: f.mimeType,
      sizeBytes: f.sizeBytes,
      // The whole file is the range of bytes its record counts: the store reads no more, and none of an empty one.
      open: (range) => this.storage.open(f.storageKey, range ?? (f.sizeBytes > 0 ? { start: 0, end: f.sizeBytes - 1 } : undefined)),
    };
  }
}
