import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { AnalyticsStore } from '../../ports/analytics.ports.js';
import { VisitorHasher } from '../../visitor-hash.js';
import { visitFact } from '../visit-fact.js';
import { RecordClickCommand } from './record-click.command.js';

/** The raw fact and the day's rollups (totals, visitors, links) in one transaction. */
@CommandHandler(RecordClickCommand)
@Transactional()
export class RecordClickHandler implements ICommandHandler<RecordClickCommand, void> {
  constructor(
    private readonly store: AnalyticsStore,
    private readonly hasher: VisitorHasher,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RecordClickCommand): Promise<void> {
    await this.store.record({ ...visitFact(cmd.visit, 'CLICK', this.hasher, this.clock.now()), link: cmd.link });
  }
}
