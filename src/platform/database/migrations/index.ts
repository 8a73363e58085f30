import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Foundation } from './0001-foundation.js';
import { Migration0002Pages } from './0002-pages.js';
import { Migration0003Webhooks } from './0003-webhooks.js';
import { Migration0004Analytics } from './0004-analytics.js';
import { Migration0005AccessEpoch } from './0005-access-epoch.js';
import { Migration0006PageSlugPrefixIndex } from './0006-page-slug-prefix-index.js';
import { Migration0007RetentionIndexes } from './0007-retention-indexes.js';
import { Migration0008AccessEpochOnChanges } from './0008-access-epoch-on-changes.js';
import { Migration0009LivePageChanges } from './0009-live-page-changes.js';
import { Migration0010FairDispatch } from './0010-fair-dispatch.js';
import { Migration0011PageSlugs } from './0011-page-slugs.js';
import { Migration0012ContactErasure } from './0012-contact-erasure.js';
import { Migration0021OutboxTraceparent } from './0021-outbox-traceparent.js';
import { Migration0022RetentionAtScale } from './0022-retention-at-scale.js';
import { Migration0023WorkspaceKeys } from './0023-workspace-keys.js';
import { Migration0024NotifyFromTheApplication } from './0024-notify-from-the-application.js';
import { Migration0025FileRoutes } from './0025-file-routes.js';
import { Migration0026DeliveryEventsUnreferenced } from './0026-delivery-events-unreferenced.js';
import { Migration0027DeliveryLogWithoutAnswers } from './0027-delivery-log-without-answers.js';
import { Migration0028PagePreviewEpoch } from './0028-page-preview-epoch.js';
import { Migration0029EventList } from './0029-event-list.js';
import { Migration0030OutboxRoomForLeases } from './0030-outbox-room-for-leases.js';
import { Migration0031CustomDomains } from './0031-custom-domains.js';
import { Migration0032OutboxPendingByWorkspace } from './0032-outbox-pending-by-workspace.js';

/**
 * Every migration, in order. Listed explicitly (not discovered from disk) so the same list works from
 * compiled JavaScript, under jest, and from the CLI.
 */
export const migrations: MigrationObject[] = [
  { name: '0001-foundation', class: Migration0001Foundation },
  { name: '0002-pages', class: Migration0002Pages },
  { name: '0003-webhooks', class: Migration0003Webhooks },
  { name: '0004-analytics', class: Migration0004Analytics },
  { name: '0005-access-epoch', class: Migration0005AccessEpoch },
  { name: '0006-page-slug-prefix-index', class: Migration0006PageSlugPrefixIndex },
  { name: '0007-retention-indexes', class: Migration0007RetentionIndexes },
  { name: '0008-access-epoch-on-changes', class: Migration0008AccessEpochOnChanges },
  { name: '0009-live-page-changes', class: Migration0009LivePageChanges },
  { name: '0010-fair-dispatch', class: Migration0010FairDispatch },
  { name: '0011-page-slugs', class: Migration0011PageSlugs },
  { name: '0012-contact-erasure', class: Migration0012ContactErasure },
  { name: '0021-outbox-traceparent', class: Migration0021OutboxTraceparent },
  { name: '0022-retention-at-scale', class: Migration0022RetentionAtScale },
  { name: '0023-workspace-keys', class: Migration0023WorkspaceKeys },
  { name: '0024-notify-from-the-application', class: Migration0024NotifyFromTheApplication },
  { name: '0025-file-routes', class: Migration0025FileRoutes },
  { name: '0026-delivery-events-unreferenced', class: Migration0026DeliveryEventsUnreferenced },
  { name: '0027-delivery-log-without-answers', class: Migration0027DeliveryLogWithoutAnswers },
  { name: '0028-page-preview-epoch', class: Migration0028PagePreviewEpoch },
  { name: '0029-event-list', class: Migration0029EventList },
  { name: '0030-outbox-room-for-leases', class: Migration0030OutboxRoomForLeases },
  { name: '0031-custom-domains', class: Migration0031CustomDomains },
  { name: '0032-outbox-pending-by-workspace', class: Migration0032OutboxPendingByWorkspace },
];
