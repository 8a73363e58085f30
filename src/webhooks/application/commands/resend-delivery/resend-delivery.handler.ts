import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Sql } from '../../../../platform/database/sql.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { DeliveryLog } from '../../delivery-log.js';
import { deliveryView, type DeliveryView } from '../../webhook.views.js';
import { ResendDeliveryCommand } from './resend-delivery.command.js';

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
