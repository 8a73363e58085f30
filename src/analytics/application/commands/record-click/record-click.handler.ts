import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../platform/time/clock.js';
import { VisitRecorder } from '../../visit-recorder.js';
import { VisitorHasher } from '../../visitor-hash.js';
import { recordedVisit } from '../recorded-visit.js';
import { RecordClickCommand } from './record-click.command.js';

/** Adds the visit to this process's buffer, written in batches with the day's rollups (totals, visitors, links; docs/adr/0029). */
@CommandHandler(RecordClickCommand)
@OwnTransactions('buffers the visit; the batch it joins is written in one transaction of its own (docs/adr/0029)')
export class RecordClickHandler implements ICommandHandler<RecordClickCommand, void> {
  constructor(
    private readonly recorder: VisitRecorder,
    private readonly hasher: VisitorHasher,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RecordClickCommand): Promise<void> {
    this.recorder.add({ ...recordedVisit(cmd.visit, 'CLICK', this.hasher, this.clock.now()), link: cmd.link });
  }
}
