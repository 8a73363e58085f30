import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Metrics } from '../../../../platform/observability/metrics.js';
import { Clock } from '../../../../platform/time/clock.js';
import { uncountedReason } from '../../../domain/view-counting.js';
import { AddressViewLimit } from '../../address-view-limit.js';
import { VisitRecorder } from '../../visit-recorder.js';
import { VisitorHasher } from '../../visitor-hash.js';
import { recordedVisit } from '../recorded-visit.js';
import { RecordViewCommand } from './record-view.command.js';

/**
 * Adds the view to this process's buffer, written in batches with the day's rollups (totals, visitors, referrers;
 * docs/adr/0029), when it counts (docs/adr/0037); a view that does not is only counted in the metric.
 */
@CommandHandler(RecordViewCommand)
@OwnTransactions('buffers the visit; the batch it joins is written in one transaction of its own (docs/adr/0029)')
export class RecordViewHandler implements ICommandHandler<RecordViewCommand, void> {
  constructor(
    private readonly recorder: VisitRecorder,
    private readonly hasher: VisitorHasher,
    private readonly clock: Clock,
    private readonly limit: AddressViewLimit,
    private readonly metrics: Metrics,
  ) {}

  async execute(cmd: RecordViewCommand): Promise<void> {
    const reason = cmd.request
      ? (uncountedReason(cmd.request) ?? (this.limit.admit(cmd.visit.pageId, cmd.visit.ip) ? null : 'address_limit'))
      : null;
    if (reason) {
      this.metrics.viewsNotCounted.inc({ reason });
      return;
    }
    this.recorder.add(recordedVisit(cmd.visit, 'VIEW', this.hasher, this.clock.now()));
  }
}
