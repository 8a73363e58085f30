import { Global, Module } from '@nestjs/common';
import { PageAddresses } from '../pages/index.js';
import { CheckDomainHandler } from './application/commands/check-domain/check-domain.handler.js';
import { CheckDueDomainsHandler } from './application/commands/check-due-domains/check-due-domains.handler.js';
import { DomainChecks } from './application/domain-checks.js';
import { RecordDomainCheckHandler } from './application/commands/record-domain-check/record-domain-check.handler.js';
import { CustomDomainRepository, DnsTxtReader, PageDirectory, WorkspacePlans } from './application/ports/custom-domain.ports.js';
import { FindServedDomainHandler } from './application/queries/find-served-domain/find-served-domain.handler.js';
import { PageHostnamesHandler } from './application/queries/page-hostnames/page-hostnames.handler.js';
import { AccessWorkspacePlans, PagesPageDirectory } from './infrastructure/context-directories.js';
import { DomainPageAddresses } from './infrastructure/domain-page-addresses.js';
import { NodeDnsTxtReader } from './infrastructure/node-dns-txt.reader.js';
import { SqlCustomDomainRepository } from './infrastructure/sql-custom-domain.repository.js';
import { DomainChecker } from './interface/worker/domain-checker.js';

/**
 * The domain checker and what it runs, and the lookups other contexts make (a hostname's verified domain, pages'
 * hostnames): the worker process loads this module without the HTTP side (docs/adr/0040); CustomDomainsModule adds
 * the API's operations. Global: it binds the pages context's PageAddresses port wherever it is loaded.
 */
@Global()
@Module({
  providers: [
    CheckDomainHandler,
    CheckDueDomainsHandler,
    DomainChecks,
    DomainChecker,
    RecordDomainCheckHandler,
    FindServedDomainHandler,
    PageHostnamesHandler,
    { provide: CustomDomainRepository, useClass: SqlCustomDomainRepository },
    { provide: DnsTxtReader, useClass: NodeDnsTxtReader },
    { provide: PageDirectory, useClass: PagesPageDirectory },
    { provide: WorkspacePlans, useClass: AccessWorkspacePlans },
    { provide: PageAddresses, useClass: DomainPageAddresses },
  ],
  exports: [CustomDomainRepository, DomainChecks, PageDirectory, WorkspacePlans, PageAddresses],
})
export class CustomDomainCheckingModule {}
