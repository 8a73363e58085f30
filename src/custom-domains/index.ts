/** The custom-domains context's public entry: what other contexts, the site, the CLI and tests may use. */
export { CheckDomainCommand } from './application/commands/check-domain/check-domain.command.js';
export { CheckDueDomainsCommand } from './application/commands/check-due-domains/check-due-domains.command.js';
export { FindServedDomainQuery, type ServedDomain } from './application/queries/find-served-domain/find-served-domain.query.js';
export { ListDomainsQuery } from './application/queries/list-domains/list-domains.query.js';
export { PageHostnamesQuery } from './application/queries/page-hostnames/page-hostnames.query.js';
export type { DomainView } from './application/custom-domain.view.js';
export { normalizeHostname } from './domain/hostname.js';
export { DOMAIN_NOTICE } from './infrastructure/custom-domains.tables.js';
export { CustomDomainCheckingModule } from './custom-domain-checking.module.js';
export { CustomDomainsModule } from './custom-domains.module.js';
export { DomainChecker } from './interface/worker/domain-checker.js';
export { CUSTOM_DOMAINS_EXAMPLES } from './interface/http/openapi-examples.js';
export { certificateCheck } from './interface/http/certificate-check.js';
/** The events this context publishes, with their contracts (docs/adr/0041). */
export { CUSTOM_DOMAINS_INTEGRATION_EVENTS, DOMAIN_VERIFICATION_FAILED, DOMAIN_VERIFIED } from './application/integration-events.js';
