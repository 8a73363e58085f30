import { Query } from '@nestjs/cqrs';
import type { ApiKeyView } from '../../access.views.js';

export class ListApiKeysQuery extends Query<ApiKeyView[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}
