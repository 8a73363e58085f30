import { Migration } from '@mikro-orm/migrations';

/**
 * The W3C trace context of the change that wrote an outbox row (docs/adr/0054): the relay and the webhook attempts
 * continue that trace; the envelope keeps it for the attempts that follow (retries). NULL when tracing is off, and for
 * every row written before these columns.
 */
export class Migration0021OutboxTraceparent extends Migration {
  override up(): void {
    this.addSql(`
      ALTER TABLE outbox ADD COLUMN traceparent text NULL;
      ALTER TABLE webhook_messages ADD COLUMN traceparent text NULL;
    `);
  }
}
