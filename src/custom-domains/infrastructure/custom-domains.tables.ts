import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';
import { queryBuilder } from '../../platform/database/query-builder.js';
import { workspaceReference } from '../../access/infrastructure/access.tables.js';
import type { DomainStatus } from '../domain/custom-domain.js';

/**
 * The custom-domains context's table (docs/adr/0094): one row per hostname a workspace claimed. A hostname is
 * claimed once per workspace, and verified by one workspace at most (`custom_domains_verified_hostname`); pending
 * claims block nobody. Read by hostname from every workspace (the site, the certificate check), so it is a reference
 * table on a Citus cluster, like `page_slugs` (docs/adr/0053); the page is therefore not a foreign key.
 */
export const CustomDomainTable = defineEntity({
  name: 'CustomDomain',
  tableName: 'custom_domains',
  properties: {
    workspace: workspaceReference('custom_domains').primary(),
    id: p.text().primary(),
    hostname: p.text(),
    pageId: p.text(),
    token: p.text(),
    status: p.text().$type<DomainStatus>(),
    createdAt: p.datetime(3),
    pendingSince: p.datetime(3).nullable(),
    verifiedAt: p.datetime(3).nullable(),
    missingSince: p.datetime(3).nullable(),
    checks: p.integer().default(0),
    lastCheckedAt: p.datetime(3).nullable(),
    nextCheckAt: p.datetime(3).nullable(),
    /** moved by every write: the checker records an outcome only on the version it read (docs/adr/0094) */
    version: p.integer().default(0),
  },
  checks: [{ name: 'custom_domains_status_check', expression: "status IN ('pending', 'verified', 'failed')" }],
  indexes: [
    {
      name: 'custom_domains_list_idx',
      expression: 'CREATE INDEX custom_domains_list_idx ON custom_domains (workspace_id, created_at DESC, id DESC)',
    },
    { name: 'custom_domains_due_idx', properties: ['nextCheckAt'], where: 'next_check_at IS NOT NULL' },
  ],
  uniques: [
    { name: 'custom_domains_workspace_hostname', properties: ['workspace', 'hostname'] },
    { name: 'custom_domains_verified_hostname', properties: ['hostname'], where: "status = 'verified'" },
  ],
});

export const customDomainsTables = [CustomDomainTable];
export type CustomDomainsDb = InferKyselyDB<(typeof customDomainsTables)[number]>;

/** A `custom_domains` row as a statement selecting every column returns it. */
export type CustomDomainRow = Selectable<CustomDomainsDb['custom_domains']>;
export const customDomains = queryBuilder<CustomDomainsDb>();

/**
 * What the repository notifies (at commit) on the live pages' channel for a hostname whose serving changed (verified,
 * lost, re-pointed, released): `domain:<hostname>`, which no slug can be. Serving processes already listen there, on
 * one connection each from the workers' pool, which has no room for another (docs/adr/0094, 0051).
 */
export const domainChanged = (hostname: string) => `${DOMAIN_NOTICE}${hostname}`;
export const DOMAIN_NOTICE = 'domain:';
