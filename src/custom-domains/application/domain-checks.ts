import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { proves, recordName } from '../domain/custom-domain.js';
import { RecordDomainCheckCommand } from './commands/record-domain-check/record-domain-check.command.js';
import { DnsTxtReader, type StoredDomain } from './ports/custom-domain.ports.js';

/** What a check came to: the domain as it stands, or no answer from DNS (the domain did not move). */
export type CheckOutcome = { checked: true; domain: StoredDomain } | { checked: false; error: string; domain: StoredDomain };

/**
 * One check of one domain, the same act for the checker's turn and the API's check-now (docs/adr/0094): read the
 * TXT record outside any transaction, then record the outcome in a short one (RecordDomainCheckCommand). DNS giving no
 * answer changes nothing.
 */
@Injectable()
export class DomainChecks {
  constructor(
    private readonly dns: DnsTxtReader,
    private readonly commands: CommandBus,
  ) {}

  async check(read: StoredDomain, manual: boolean): Promise<CheckOutcome> {
    const answer = await this.dns.read(recordName(read.state.hostname));
    if (!answer.ok) return { checked: false, error: answer.error, domain: read };
    const domain = await this.commands.execute(new RecordDomainCheckCommand(read, proves(read.state, answer.records), manual));
    return { checked: true, domain };
  }
}
