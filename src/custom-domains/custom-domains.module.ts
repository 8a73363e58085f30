import { Module } from '@nestjs/common';
import { ClaimDomainHandler } from './application/commands/claim-domain/claim-domain.handler.js';
import { ReleaseDomainHandler } from './application/commands/release-domain/release-domain.handler.js';
import { RepointDomainHandler } from './application/commands/repoint-domain/repoint-domain.handler.js';
import { GetDomainHandler } from './application/queries/get-domain/get-domain.handler.js';
import { ListDomainsHandler } from './application/queries/list-domains/list-domains.handler.js';
import { CustomDomainCheckingModule } from './custom-domain-checking.module.js';
import { DomainsController } from './interface/http/domains.controller.js';

/** Custom domains (docs/adr/0094): operations 26–31, on top of the checker's module. */
@Module({
  imports: [CustomDomainCheckingModule],
  controllers: [DomainsController],
  providers: [ClaimDomainHandler, RepointDomainHandler, ReleaseDomainHandler, GetDomainHandler, ListDomainsHandler],
})
export class CustomDomainsModule {}
