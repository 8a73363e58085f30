import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { AnalyticsStore } from '../../ports/analytics.ports.js';
import { VisitorHasher } from '../../visitor-hash.js';
import { visitFact } from '../visit-fact.js';
import { RecordViewCommand } from './record-view.command.js';

/** The raw fact and the day's rollups (totals, visitors, referrers) in one transaction. */
@CommandHandler(RecordViewCommand)
@Transactional()
export class RecordViewHandler implements ICommandHandler<RecordViewCommand, void> {
  constructor(
    private readonly store: AnalyticsStore,
    private readonly hasher: VisitorHasher,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RecordViewCommand): Promise<void> {
    await this.store.record(visitFact(cmd.visit, 'VIEW', this.hasher, this.clock.now()));
  }
}
