import { accessTables } from './access/infrastructure/access.tables.js';
import { analyticsTables } from './analytics/infrastructure/analytics.tables.js';
import { audienceTables } from './audience/infrastructure/audience.tables.js';
import { customDomainsTables } from './custom-domains/infrastructure/custom-domains.tables.js';
import { commerceTables } from './commerce/infrastructure/commerce.tables.js';
import { filesTables } from './files/infrastructure/files.tables.js';
import { pagesTables } from './pages/infrastructure/pages.tables.js';
import { webhooksTables } from './webhooks/infrastructure/webhooks.tables.js';
import { IdempotencyKeyTable } from './platform/idempotency/idempotency.table.js';
import { OutboxTable } from './platform/outbox/outbox.table.js';
import { rateLimitTables } from './platform/rate-limit/rate-limit.tables.js';

/**
 * Every table the service owns, as each context defines it (docs/adr/0027). The schema check compares these
 * definitions with the schema the migrations produce; a new migration is generated from their difference.
 */
export const tables = [
  ...accessTables,
  ...pagesTables,
  ...filesTables,
  ...audienceTables,
  ...commerceTables,
  ...analyticsTables,
  ...webhooksTables,
  ...customDomainsTables,
  OutboxTable,
  IdempotencyKeyTable,
  ...rateLimitTables,
];
