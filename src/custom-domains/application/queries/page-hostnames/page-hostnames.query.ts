import { Query } from '@nestjs/cqrs';

/** The verified hostname of each of these pages that has one (a page's `public_url` is then `https://<hostname>/`). */
export class PageHostnamesQuery extends Query<Map<string, string>> {
  constructor(
    readonly workspaceId: string,
    readonly pageIds: readonly string[],
  ) {
    super();
  }
}
