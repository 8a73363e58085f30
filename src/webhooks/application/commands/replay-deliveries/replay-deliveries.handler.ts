import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { checkReplaySince } from '../../../domain/delivery/decider.js';
import { DeliveryLog } from '../../delivery/delivery-log.js';
import { DeliveryStore, EndpointRepository } from '../../ports/webhook.ports.js';
import { ReplayDeliveriesCommand } from './replay-deliveries.command.js';

/** Re-queues every FAILED delivery of the endpoint created at or after `since` (at most 30 days back). */
@CommandHandler(ReplayDeliveriesCommand)
@Transactional()
export class ReplayDeliveriesHandler implements ICommandHandler<ReplayDeliveriesCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryStore,
    private readonly log: DeliveryLog,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: ReplayDeliveriesCommand): Promise<{ replayed: number }> {
    const now = this.clock.now();
    checkReplaySince(cmd.since, now);
    if (!(await this.endpoints.exists(cmd.workspaceId, cmd.endpointId))) throw new NotFoundError('webhook endpoint');
    // In id order: the operation's transaction holds each delivery it re-queues until it commits, and the
    // dispatcher's recorder locks the deliveries of a group in id order too, so the two cannot deadlock.
    const failed = await this.deliveries.failedSince(cmd.workspaceId, cmd.endpointId, cmd.since);
    let replayed = 0;
    for (const id of failed) {
      const result = await this.log.apply({ workspaceId: cmd.workspaceId, id }, { type: 'Replay', now, since: cmd.since });
      if (result && result.events.length > 0) replayed += 1;
    }
    return { replayed };
  }
}
