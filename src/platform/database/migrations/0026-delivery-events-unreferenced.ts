import { Migration } from '@mikro-orm/migrations';

/**
 * `webhook_delivery_events` loses its foreign key to `webhook_deliveries` (docs/adr/0057). Every row it held is
 * written by a statement that inserts or moves the delivery's projection row in the same statement, and joins on
 * the rows that statement wrote: an event without its delivery cannot be written. Checking it cost two row probes
 * and two row locks for every delivery the fan-out wrote: a fifth of that write, a tenth of PostgreSQL's work per
 * delivery. What its `ON DELETE CASCADE` did, the two deletes of deliveries now do themselves: the retention deletes a
 * delivery's events with it, and deleting an endpoint deletes its deliveries' events first.
 */
export class Migration0026DeliveryEventsUnreferenced extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE webhook_delivery_events DROP CONSTRAINT IF EXISTS webhook_delivery_events_delivery_id_fkey;`);
  }
}
