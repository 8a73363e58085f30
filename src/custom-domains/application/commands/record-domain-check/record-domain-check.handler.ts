import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { isServed, recordCheck } from '../../../domain/custom-domain.js';
import { CustomDomainRepository, type StoredDomain } from '../../ports/custom-domain.ports.js';
import { RecordDomainCheckCommand } from './record-domain-check.command.js';

/**
 * Decides a check's outcome (the pure `recordCheck`) and writes it on the version read (compare-and-set): a domain
 * re-pointed, released or checked by another process meanwhile is left as that writer left it. A record found for a
 * hostname another workspace has verified meanwhile counts as not found, decided under a lock on the name, so two
 * workspaces' claims of one name verify one at a time and the second sees the first.
 */
@CommandHandler(RecordDomainCheckCommand)
@Transactional()
export class RecordDomainCheckHandler implements ICommandHandler<RecordDomainCheckCommand, StoredDomain> {
  constructor(
    private readonly domains: CustomDomainRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ read, found, manual }: RecordDomainCheckCommand): Promise<StoredDomain> {
    let proven = found;
    if (found && read.state.status !== 'verified') {
      await this.domains.lockHostname(read.state.hostname);
      proven = !(await this.domains.verifiedElsewhere(read.state.hostname, read.state.workspaceId));
    }
    const { state, events } = recordCheck(read.state, proven, this.clock.now(), manual);
    if (await this.domains.save(state, read.version, events, isServed(state) !== isServed(read.state)))
      return { state, version: read.version + 1 };
    return (await this.domains.byId(read.state.workspaceId, read.state.id)) ?? read;
  }
}
