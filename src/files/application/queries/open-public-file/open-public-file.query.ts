import { Query } from '@nestjs/cqrs';
import type { PublicFileView } from './open-public-file.view.js';

/** The file at `/files/<id>/<name>` and its bytes, or null when there is no such file (or its bytes are gone). */
export class OpenPublicFileQuery extends Query<PublicFileView | null> {
  constructor(
    readonly id: string,
    readonly name: string,
  ) {
    super();
  }
}
