import { Query } from '@nestjs/cqrs';

/** A verified domain: the hostname the site serves, and the page it shows. */
export interface ServedDomain {
  hostname: string;
  workspaceId: string;
  pageId: string;
}

/**
 * The verified domain of a hostname (already normalised: lower case, no port, no trailing dot), or null: for the
 * live site, which serves its page on that Host, and for the certificate check (GET /tls/ask).
 */
export class FindServedDomainQuery extends Query<ServedDomain | null> {
  constructor(readonly hostname: string) {
    super();
  }
}
