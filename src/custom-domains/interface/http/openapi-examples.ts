import type { SchemaExamples } from '../../../platform/openapi/examples.js';
import { DOMAIN_VERIFIED } from '../../application/integration-events.js';

const PENDING = {
  ...DOMAIN_VERIFIED.example.domain,
  status: 'pending',
  verified_at: null,
  last_checked_at: null,
  next_check_at: '2026-12-01T10:01:00.000Z',
};

/** The custom-domains context's response examples (the verified domain is the one `domain.verified` carries). */
export const CUSTOM_DOMAINS_EXAMPLES: SchemaExamples = {
  ClaimDomainBody: {
    claim: { summary: 'Serve a page on links.example.com', value: { hostname: 'links.example.com', page_id: PENDING.page_id } },
  },
  RepointDomainBody: { repoint: { summary: 'Serve another page there', value: { page_id: 'pg_Lz8vQ2nR5tK1wX7yB3mD9cFh' } } },
  DomainResponse: {
    pending: { summary: 'Just claimed: create the TXT record it names', value: PENDING },
    verified: { summary: 'Verified: the page is served on the hostname', value: DOMAIN_VERIFIED.example.domain },
  },
  DomainList: {
    domains: { summary: 'The newest domains', value: { data: [DOMAIN_VERIFIED.example.domain], has_more: false, next_cursor: null } },
  },
};
