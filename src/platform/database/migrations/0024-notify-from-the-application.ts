import { Migration } from '@mikro-orm/migrations';

/**
 * Change notifications leave the triggers for the application (docs/adr/0053): on a cluster sharded with Citus a
 * trigger of a distributed or reference table runs on the worker that holds the row, where nobody listens. The
 * application now notifies in the writing transaction, from a statement that reads no table (so it runs where it is
 * connected): the outbox after appending, the delivery store when a write makes work due now, the page repository
 * with the slugs whose live page changed.
 */
export class Migration0024NotifyFromTheApplication extends Migration {
  override up(): void {
    this.addSql(`
      DROP TRIGGER outbox_notify ON outbox;
      DROP FUNCTION outbox_notify();
      DROP TRIGGER webhook_deliveries_notify ON webhook_deliveries;
      DROP TRIGGER webhook_deliveries_notify_requeued ON webhook_deliveries;
      DROP FUNCTION webhook_deliveries_notify_due();
      DROP FUNCTION webhook_deliveries_notify_requeued();
      DROP TRIGGER pages_live_notify ON pages;
      DROP FUNCTION pages_live_notify();
      DROP TRIGGER page_slugs_live_notify ON page_slugs;
      DROP FUNCTION page_slugs_live_notify();
    `);
  }
}
