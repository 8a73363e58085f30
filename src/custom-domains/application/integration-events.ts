import { z } from 'zod';
import { integrationEvent, newOutboxEvent, type NewOutboxEvent } from '../../platform/outbox/integration-event.js';
import type { CustomDomainState, DomainEvent } from '../domain/custom-domain.js';
import { domainView, DomainView } from './custom-domain.view.js';

/**
 * The events the custom-domains context publishes (docs/adr/0041, 0094): the one place their public types, payloads
 * and examples are written.
 */

const EXAMPLE_DOMAIN: DomainView = {
  id: 'dom_8kQ2xVb1LmNp4RtY7cWz3HdF',
  hostname: 'links.example.com',
  page_id: 'pg_gad3X3liacH55CKkRPX3MpaV',
  status: 'verified',
  verification: { type: 'TXT', name: '_bio-page.links.example.com', value: 'bio-page-verify=Vq3L0m9XcR2pT8wK4yN6bH1s' },
  verified_at: '2026-12-01T10:04:00.000Z',
  last_checked_at: '2026-12-01T10:04:00.000Z',
  next_check_at: '2026-12-02T10:04:00.000Z',
  created_at: '2026-12-01T10:00:00.000Z',
};

/** `domain.verified`: the domain's TXT record was found; its page is served on the hostname from now on. */
const DomainVerifiedData = z.object({ domain: DomainView });
export type DomainVerifiedData = z.infer<typeof DomainVerifiedData>;

export const DOMAIN_VERIFIED = integrationEvent({
  type: 'domain.verified',
  summary: "A custom domain's TXT record was found: its page is served on the hostname",
  data: DomainVerifiedData,
  example: { domain: EXAMPLE_DOMAIN },
});

/**
 * `domain.verification_failed`: a pending domain's 7 days passed without its record (`window_expired`, the domain is
 * `failed`), or a verified domain's record was missing for 3 days (`record_removed`, the domain is `pending` again and
 * no longer served).
 */
const DomainVerificationFailedData = z.object({ domain: DomainView, reason: z.enum(['window_expired', 'record_removed']) });
export type DomainVerificationFailedData = z.infer<typeof DomainVerificationFailedData>;

export const DOMAIN_VERIFICATION_FAILED = integrationEvent({
  type: 'domain.verification_failed',
  summary: "A custom domain's TXT record was not found in time (window_expired) or went away (record_removed)",
  data: DomainVerificationFailedData,
  example: {
    domain: { ...EXAMPLE_DOMAIN, status: 'failed', verified_at: null, next_check_at: null, last_checked_at: '2026-12-08T10:00:00.000Z' },
    reason: 'window_expired',
  },
});

/** Every event this context publishes. */
export const CUSTOM_DOMAINS_INTEGRATION_EVENTS = [DOMAIN_VERIFIED, DOMAIN_VERIFICATION_FAILED] as const;

/** The outbox message of a domain's event, with the domain as it stands after the change. */
export function domainOutboxEvent(
  e: DomainEvent,
  domain: CustomDomainState,
): NewOutboxEvent<DomainVerifiedData | DomainVerificationFailedData> {
  switch (e.type) {
    case 'DomainVerified':
      return newOutboxEvent(DOMAIN_VERIFIED, domain.workspaceId, { domain: domainView(domain) }, e.at);
    case 'DomainVerificationFailed':
      return newOutboxEvent(DOMAIN_VERIFICATION_FAILED, domain.workspaceId, { domain: domainView(domain), reason: e.reason }, e.at);
  }
}
