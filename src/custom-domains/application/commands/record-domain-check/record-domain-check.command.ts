import { Command } from '@nestjs/cqrs';
import type { StoredDomain } from '../../ports/custom-domain.ports.js';

/** Record what a check of `read`'s TXT record found (`found`), on the version read; answers the domain as it stands. */
export class RecordDomainCheckCommand extends Command<StoredDomain> {
  constructor(
    readonly read: StoredDomain,
    readonly found: boolean,
    readonly manual: boolean,
  ) {
    super();
  }
}
