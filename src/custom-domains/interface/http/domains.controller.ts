import { Controller, Delete, Get, Param, Patch, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiProperty, ApiTags, type ApiPropertyOptions } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { ListEnvelope, ListQueryDto } from '../../../platform/http/dto/list.dto.js';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { HOSTNAME_MAX } from '../../domain/hostname.js';
import { CheckDomainCommand } from '../../application/commands/check-domain/check-domain.command.js';
import { ClaimDomainCommand } from '../../application/commands/claim-domain/claim-domain.command.js';
import { ReleaseDomainCommand } from '../../application/commands/release-domain/release-domain.command.js';
import { RepointDomainCommand } from '../../application/commands/repoint-domain/repoint-domain.command.js';
import { GetDomainQuery } from '../../application/queries/get-domain/get-domain.query.js';
import { ListDomainsQuery } from '../../application/queries/list-domains/list-domains.query.js';

const HOSTNAME_DESCRIPTION =
  'E.g. `links.example.com` (stored lower-case, punycode). Not an IP, a single label, `localhost`, a wildcard or the ' +
  "service's own host.";

export class ClaimDomainBody {
  @ApiProperty({ maxLength: HOSTNAME_MAX, description: HOSTNAME_DESCRIPTION }) @IsString() @MaxLength(1024) hostname!: string;
  @ApiProperty({ description: 'The page served at the root of the hostname once verified.' })
  @IsString()
  @MaxLength(256)
  page_id!: string;
}

export class RepointDomainBody {
  @ApiProperty({ description: 'The page to serve there instead.' })
  @IsString()
  @MaxLength(256)
  page_id!: string;
}

const iso = { type: 'string', format: 'date-time' } as const;
/** A time that may be absent, written as the event schemas' zod writes it (one shape in both places). */
const isoOrNull = { anyOf: [iso, { type: 'null' }] } as unknown as ApiPropertyOptions;

/** The domain as the API returns it; the same shape as `DomainView` (application), which events carry. */
export class DomainResponse {
  @ApiProperty() id!: string;
  @ApiProperty() hostname!: string;
  @ApiProperty() page_id!: string;
  @ApiProperty({ enum: ['pending', 'verified', 'failed'] }) status!: string;
  @ApiProperty({
    type: 'object',
    properties: { type: { type: 'string', enum: ['TXT'] }, name: { type: 'string' }, value: { type: 'string' } },
    required: ['type', 'name', 'value'],
  })
  verification!: { type: 'TXT'; name: string; value: string };
  @ApiProperty(isoOrNull) verified_at!: string | null;
  @ApiProperty(isoOrNull) last_checked_at!: string | null;
  @ApiProperty(isoOrNull) next_check_at!: string | null;
  @ApiProperty(iso) created_at!: string;
}
export const DomainList = ListEnvelope(DomainResponse, 'DomainList');

const domainParam = ApiParam({ name: 'domain_id', type: String });

@ApiTags('Domains')
@Controller('v1/domains')
export class DomainsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @Operation({
    id: 'createDomain',
    summary: 'Claim a hostname for a page: answers the TXT record that proves it is yours',
    guide:
      'Create the TXT record `verification` names and CNAME the hostname to the service. It is checked with back-off ' +
      'for 7 days (or now: verifyDomain); once found, the page is served at `https://<hostname>/`. Creator plan 1 ' +
      'domain, Pro 3.',
    scope: 'domains:write',
    write: true,
    quotaCost: 1,
    idempotent: true,
    status: 201,
    body: ClaimDomainBody,
    response: DomainResponse,
    errors: ['plan_limit', 'domain_taken'],
  })
  async create(@Caller() caller: RequestPrincipal, @Input('body') b: ClaimDomainBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const domain = await this.commands.execute(new ClaimDomainCommand(caller.workspaceId, b.hostname, b.page_id));
    reply.header('location', `/v1/domains/${domain.id}`);
    return domain;
  }

  @Get()
  @Operation({
    id: 'listDomains',
    summary: 'List the custom domains, newest first',
    scope: 'domains:read',
    write: false,
    quotaCost: 1,
    idempotent: false,
    status: 200,
    query: ListQueryDto,
    response: DomainList,
  })
  list(@Caller() caller: RequestPrincipal, @Input('query') q: ListQueryDto) {
    return this.queries.execute(new ListDomainsQuery(caller.workspaceId, q.limit, q.after));
  }

  @Get(':domain_id')
  @domainParam
  @Operation({
    id: 'getDomain',
    summary: 'Get a custom domain',
    scope: 'domains:read',
    write: false,
    quotaCost: 1,
    idempotent: false,
    status: 200,
    response: DomainResponse,
    errors: ['resource_not_found'],
  })
  get(@Caller() caller: RequestPrincipal, @Param('domain_id') domainId: string) {
    return this.queries.execute(new GetDomainQuery(caller.workspaceId, domainId));
  }

  @Patch(':domain_id')
  @domainParam
  @Operation({
    id: 'updateDomain',
    summary: 'Point a custom domain at another page',
    scope: 'domains:write',
    write: true,
    quotaCost: 1,
    idempotent: false,
    status: 200,
    body: RepointDomainBody,
    response: DomainResponse,
    errors: ['resource_not_found'],
  })
  update(@Caller() caller: RequestPrincipal, @Param('domain_id') domainId: string, @Input('body') b: RepointDomainBody) {
    return this.commands.execute(new RepointDomainCommand(caller.workspaceId, domainId, b.page_id));
  }

  @Delete(':domain_id')
  @domainParam
  @Operation({
    id: 'deleteDomain',
    summary: 'Remove a custom domain: the hostname stops serving the page at once',
    destructive: true,
    scope: 'domains:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 204,
    errors: ['resource_not_found'],
  })
  async remove(@Caller() caller: RequestPrincipal, @Param('domain_id') domainId: string): Promise<void> {
    await this.commands.execute(new ReleaseDomainCommand(caller.workspaceId, domainId));
  }

  @Post(':domain_id/verify')
  @domainParam
  @Operation({
    id: 'verifyDomain',
    summary: "Look for the domain's TXT record now",
    guide: 'Verified if the record is there (a `failed` domain too), else unchanged. No DNS answer: 503.',
    openWorld: true,
    scope: 'domains:write',
    write: true,
    quotaCost: 1,
    idempotent: true,
    status: 200,
    response: DomainResponse,
    errors: ['resource_not_found'],
  })
  verify(@Caller() caller: RequestPrincipal, @Param('domain_id') domainId: string) {
    return this.commands.execute(new CheckDomainCommand(caller.workspaceId, domainId));
  }
}
