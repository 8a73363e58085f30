import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../platform/time/clock.js';
import { VisitRecorder } from '../../visit-recorder.js';
import { VisitorHasher } from '../../visitor-hash.js';
import { visitFact } from '../visit-fact.js';
import { RecordViewCommand } from './record-view.command.js';

/** Adds the visit to this process's buffer, written in batches with the day's rollups (totals, visitors, referrers; docs/adr/0029). */
@CommandHandler(RecordViewCommand)
@OwnTransactions('buffers the visit; the batch it joins is written in one transaction of its own (docs/adr/0029)')
export class RecordViewHandler implements ICommandHandler<RecordViewCommand, void> {
  constructor(
    private readonly recorder: VisitRecorder,
    private readonly hasher: VisitorHasher,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RecordViewCommand): Promise<void> {
    this.recorder.add(visitFact(cmd.visit, 'VIEW', this.hasher, this.clock.now()));
  }
}
