import { z } from 'zod';
import { EVENT_COMPONENTS } from '../../platform/outbox/integration-event.js';
import { recordName, TXT_PREFIX, type CustomDomainState } from '../domain/custom-domain.js';
import type { CustomDomainRow } from '../infrastructure/custom-domains.tables.js';

/** A custom domain as the API and its events show it; the API's `DomainResponse` (interface/http) documents it. */
export const DomainView = z.object({
  id: z.string(),
  hostname: z.string(),
  page_id: z.string(),
  status: z.enum(['pending', 'verified', 'failed']),
  /** the record to create at the DNS provider */
  verification: z.object({ type: z.enum(['TXT']), name: z.string(), value: z.string() }),
  verified_at: z.iso.datetime().nullable(),
  last_checked_at: z.iso.datetime().nullable(),
  next_check_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type DomainView = z.infer<typeof DomainView>;
EVENT_COMPONENTS.add(DomainView, { id: 'DomainResponse', api: true });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const domainView = (d: CustomDomainState): DomainView => ({
  id: d.id,
  hostname: d.hostname,
  page_id: d.pageId,
  status: d.status,
  verification: { type: 'TXT', name: recordName(d.hostname), value: `${TXT_PREFIX}${d.token}` },
  verified_at: iso(d.verifiedAt),
  last_checked_at: iso(d.lastCheckedAt),
  next_check_at: iso(d.nextCheckAt),
  created_at: d.createdAt.toISOString(),
});

export const domainFromRow = (r: CustomDomainRow): CustomDomainState => ({
  id: r.id,
  workspaceId: r.workspace_id,
  hostname: r.hostname,
  pageId: r.page_id,
  token: r.token,
  status: r.status,
  createdAt: r.created_at,
  pendingSince: r.pending_since,
  verifiedAt: r.verified_at,
  missingSince: r.missing_since,
  checks: r.checks,
  lastCheckedAt: r.last_checked_at,
  nextCheckAt: r.next_check_at,
});
