import { Migration } from '@mikro-orm/migrations';

/** The workspace-owned tables whose primary key was `id` alone (or `seq`, `event_id`): (workspace_id, …) now. */
const REKEYED: readonly [table: string, key: string][] = [
  ['pages', 'id'],
  ['files', 'id'],
  ['contacts', 'id'],
  ['sales', 'id'],
  ['owner_notifications', 'id'],
  ['outbox', 'seq'],
  ['webhook_endpoints', 'id'],
  ['webhook_messages', 'event_id'],
  ['webhook_deliveries', 'id'],
  ['analytics_facts', 'id'],
];

/**
 * Builds `index` unless it is there, then makes it `table`'s primary key or a unique constraint. The unique indexes
 * are named `<constraint>_next`: an operator may build them beforehand with CREATE UNIQUE INDEX CONCURRENTLY
 * (docs/adr/0053), and then this only swaps catalog entries under a lock held for milliseconds.
 */
const swapIn = (table: string, constraint: string, kind: 'PRIMARY KEY' | 'UNIQUE', columns: string) => `
  CREATE UNIQUE INDEX IF NOT EXISTS ${constraint}_next ON ${table} (${columns});
  ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${constraint};
  ALTER TABLE ${table} ADD CONSTRAINT ${constraint} ${kind} USING INDEX ${constraint}_next;`;

/**
 * Builds `index` unless it is there and puts it in place of the unique constraint `constraint`, as a unique index
 * with an always-true predicate (`<column> IS NOT NULL` on a NOT NULL column), not a constraint. Why (docs/adr/0053,
 * "the measured slowdown"): both it and the primary key lead with `workspace_id`, and on a table the planner believes
 * small a probe by (workspace_id, id) costs the same on either within rounding, so the index with fewer columns won —
 * with `id` as a filter, i.e. every row of the workspace — and foreign-key checks keep that plan for the connection's
 * life. A partial index is used only by queries that imply its predicate: those that name the column (the fan-out's
 * and the outbox's `ON CONFLICT`, which name the predicate too) still use it; probes by id can use only the primary key.
 */
const partialKey = (table: string, constraint: string, columns: string, notNull: string) => `
  CREATE UNIQUE INDEX IF NOT EXISTS ${constraint}_next ON ${table} (${columns}) WHERE ${notNull} IS NOT NULL;
  ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${constraint};
  ALTER INDEX ${constraint}_next RENAME TO ${constraint};`;

/**
 * Ready for Citus (docs/adr/0053): every workspace-owned table carries `workspace_id`, leading its primary key and
 * every unique constraint, and every foreign key between such tables includes it, so each table can be distributed
 * by `workspace_id` and the rows of one workspace live on one shard.
 * - Primary keys lead with `workspace_id`; `outbox.event_id`, `files.public_path` and the delivery's (event,
 *   endpoint) pair are unique within their workspace. `pages.slug` loses its global unique constraint: `page_slugs`
 *   (a reference table, keyed by slug since 0011) is what makes a slug one page's and routes `/p/<slug>`.
 * - `webhook_delivery_events` and `rate_limits` get `workspace_id`, filled from their parents: a delivery's events
 *   from the delivery, a burst window from its API key, a form-post window from its page. A window whose key or page
 *   is gone is dropped (it only counted hits; a new hit starts a new window).
 * - Foreign keys between workspace-owned tables include `workspace_id`.
 * - The dispatcher's due index leads with the workspace too: due work is found, and claimed, workspace by workspace.
 */
export class Migration0023WorkspaceKeys extends Migration {
  override up(): void {
    this.addSql(`
      ALTER TABLE webhook_delivery_events ADD COLUMN IF NOT EXISTS workspace_id text;
      UPDATE webhook_delivery_events e SET workspace_id = d.workspace_id
        FROM webhook_deliveries d WHERE d.id = e.delivery_id AND e.workspace_id IS NULL;
      ALTER TABLE webhook_delivery_events ALTER COLUMN workspace_id SET NOT NULL;

      ALTER TABLE rate_limits ADD COLUMN IF NOT EXISTS workspace_id text;
      UPDATE rate_limits r SET workspace_id = k.workspace_id
        FROM api_keys k WHERE r.workspace_id IS NULL AND r.key = 'burst:' || k.id;
      UPDATE rate_limits r SET workspace_id = p.workspace_id
        FROM pages p WHERE r.workspace_id IS NULL AND r.key LIKE 'form:' || p.id || ':%';
      DELETE FROM rate_limits WHERE workspace_id IS NULL;
      ALTER TABLE rate_limits ALTER COLUMN workspace_id SET NOT NULL;

      ALTER TABLE webhook_delivery_events DROP CONSTRAINT webhook_delivery_events_delivery_id_fkey;
      ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_endpoint_id_fkey;
      ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_id_fkey;
      ALTER TABLE pages DROP CONSTRAINT pages_slug_unique;

      ${REKEYED.map(([table, key]) => swapIn(table, `${table}_pkey`, 'PRIMARY KEY', `workspace_id, ${key}`)).join('\n')}
      ${swapIn('webhook_delivery_events', 'webhook_delivery_events_pkey', 'PRIMARY KEY', 'workspace_id, delivery_id, version')}
      ${swapIn('rate_limits', 'rate_limits_pkey', 'PRIMARY KEY', 'workspace_id, key')}
      ${swapIn('files', 'files_public_path_key', 'UNIQUE', 'workspace_id, public_path')}
      ${partialKey('outbox', 'outbox_event_id_key', 'workspace_id, event_id', 'event_id')}
      ${partialKey('webhook_deliveries', 'webhook_deliveries_once', 'workspace_id, event_id, endpoint_id', 'event_id')}

      CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx_next ON webhook_deliveries (workspace_id, endpoint_id, next_attempt_at)
        WHERE status = 'PENDING';
      DROP INDEX webhook_deliveries_due_idx;
      ALTER INDEX webhook_deliveries_due_idx_next RENAME TO webhook_deliveries_due_idx;

      ALTER TABLE webhook_deliveries
        ADD CONSTRAINT webhook_deliveries_endpoint_id_fkey FOREIGN KEY (workspace_id, endpoint_id)
          REFERENCES webhook_endpoints (workspace_id, id) ON DELETE CASCADE,
        ADD CONSTRAINT webhook_deliveries_event_id_fkey FOREIGN KEY (workspace_id, event_id)
          REFERENCES webhook_messages (workspace_id, event_id);
      ALTER TABLE webhook_delivery_events
        ADD CONSTRAINT webhook_delivery_events_delivery_id_fkey FOREIGN KEY (workspace_id, delivery_id)
          REFERENCES webhook_deliveries (workspace_id, id) ON DELETE CASCADE;
    `);
  }
}
