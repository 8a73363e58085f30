import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../platform/cqrs/transactional.js';
import { Sql } from '../../platform/database/sql.js';
import { NotFoundError } from '../../platform/domain/domain-error.js';
import { Clock } from '../../platform/time/clock.js';
import { checkReplaySince } from '../domain/delivery.js';
import { DeliveryLog } from './delivery-log.js';
import { deliveryView, type DeliveryView } from './webhook.views.js';

async function deliveryOfEndpoint(sql: Sql, workspaceId: string, endpointId: string, deliveryId: string): Promise<void> {
  const row = await sql.one(
    `SELECT 1 FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.workspace_id = ? AND e.id = ? AND d.id = ?`,
    [workspaceId, endpointId, deliveryId],
  );
  if (!row) {
    if (!(await sql.one(`SELECT 1 FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`, [workspaceId, endpointId]))) throw new NotFoundError('webhook endpoint');
    throw new NotFoundError('delivery');
  }
}

export class ResendDeliveryCommand extends Command<DeliveryView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly deliveryId: string,
  ) {
    super();
  }
}

/** Re-queues one delivery at once; the ladder restarts, attempt numbers continue, webhook-id is unchanged. */
@CommandHandler(ResendDeliveryCommand)
@Transactional()
export class ResendDeliveryHandler implements ICommandHandler<ResendDeliveryCommand> {
  constructor(
    private readonly sql: Sql,
    private readonly log: DeliveryLog,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: ResendDeliveryCommand): Promise<DeliveryView> {
    await deliveryOfEndpoint(this.sql, cmd.workspaceId, cmd.endpointId, cmd.deliveryId);
    const result = await this.log.apply(cmd.deliveryId, { type: 'Resend', now: this.clock.now() });
    if (!result) throw new NotFoundError('delivery');
    return deliveryView(result.state);
  }
}

export class ReplayDeliveriesCommand extends Command<{ replayed: number }> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly since: Date,
  ) {
    super();
  }
}

/** Re-queues every FAILED delivery of the endpoint created at or after `since` (at most 30 days back). */
@CommandHandler(ReplayDeliveriesCommand)
@Transactional()
export class ReplayDeliveriesHandler implements ICommandHandler<ReplayDeliveriesCommand> {
  constructor(
    private readonly sql: Sql,
    private readonly log: DeliveryLog,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: ReplayDeliveriesCommand): Promise<{ replayed: number }> {
    const now = this.clock.now();
    checkReplaySince(cmd.since, now);
    if (!(await this.sql.one(`SELECT 1 FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`, [cmd.workspaceId, cmd.endpointId]))) {
      throw new NotFoundError('webhook endpoint');
    }
    // In id order: the operation's transaction holds each delivery it re-queues until it commits, and the
    // dispatcher's recorder locks the deliveries of a group in id order too, so the two cannot deadlock.
    const failed = await this.sql.all<{ id: string }>(
      `SELECT id FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'FAILED' AND created_at >= ? ORDER BY id`,
      [cmd.endpointId, cmd.since],
    );
    let replayed = 0;
    for (const { id } of failed) {
      const result = await this.log.apply(id, { type: 'Replay', now, since: cmd.since });
      if (result && result.events.length > 0) replayed += 1;
    }
    return { replayed };
  }
}
