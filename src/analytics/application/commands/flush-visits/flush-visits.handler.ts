import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VisitRecorder } from '../../visit-recorder.js';
import { FlushVisitsCommand } from './flush-visits.command.js';

/** True when every visit buffered before the command is written (false: the database did not take them). */
@CommandHandler(FlushVisitsCommand)
@OwnTransactions('writes the batch of buffered visits in one transaction of its own (docs/adr/0029)')
export class FlushVisitsHandler implements ICommandHandler<FlushVisitsCommand, boolean> {
  constructor(private readonly recorder: VisitRecorder) {}

  execute(): Promise<boolean> {
    return this.recorder.flush();
  }
}
