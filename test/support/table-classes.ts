/**
 * How each table would be placed on a Citus cluster sharded by workspace (docs/adr/0053). A test reads the catalog
 * and holds every table to its class (test/integration/platform/table-classes.test.ts); a new table must be listed here.
 * - `workspace`: workspace-owned, distributed by `workspace_id` (co-located with `workspaces`' other tables):
 *   `workspace_id` leads the primary key and every unique index, and a foreign key to another workspace table
 *   includes it.
 * - `reference`: read across all workspaces by a lookup key (a slug, a key prefix, a workspace id), copied whole to
 *   every node: it may reference only reference tables.
 * - `local`: the coordinator's own bookkeeping, never joined with the others.
 */
export type TableClass = 'workspace' | 'reference' | 'local';

export const tableClasses: Readonly<Record<string, TableClass>> = {
  // Reference tables: the tenant root, API keys by prefix, slug and file routing, the access epoch.
  workspaces: 'reference',
  api_keys: 'reference',
  page_slugs: 'reference',
  file_routes: 'reference',
  access_epoch: 'reference',
  custom_domains: 'reference',
  // Workspace-owned.
  pages: 'workspace',
  files: 'workspace',
  contacts: 'workspace',
  sales: 'workspace',
  owner_notifications: 'workspace',
  outbox: 'workspace',
  idempotency_keys: 'workspace',
  quota_usage: 'workspace',
  rate_limits: 'workspace',
  webhook_endpoints: 'workspace',
  webhook_messages: 'workspace',
  webhook_deliveries: 'workspace',
  webhook_delivery_events: 'workspace',
  analytics_facts: 'workspace',
  analytics_daily_totals: 'workspace',
  analytics_daily_visitors: 'workspace',
  analytics_daily_links: 'workspace',
  analytics_daily_referrers: 'workspace',
  // The migrator's record of applied migrations.
  schema_migrations: 'local',
};

/** The column every workspace-owned table is distributed by. */
export const DISTRIBUTION_COLUMN = 'workspace_id';
