import { Controller, Delete, Get, Injectable, Patch, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ListEnvelope, ListQueryDto } from '../../../platform/http/dto/list.dto.js';
import { parseInstant } from '../../../platform/http/dto/instant.js';
import { Operation, type InvalidInputCheck } from '../../../access/interface/http/operation.js';
import { StaleSnapshotError } from '../../domain/page.errors.js';
import {
  AddBlockCommand,
  ArchivePageCommand,
  CreatePageCommand,
  PublishPageCommand,
  RemoveBlockCommand,
  UpdatePageCommand,
} from '../../application/page-commands.js';
import { GetPageQuery, ListPagesQuery } from '../../application/page-queries.js';
import { PageRepository } from '../../application/ports/page.ports.js';
import {
  AddBlockBody,
  CreatePageBody,
  EmptyBody,
  PageResponse,
  PageSummaryResponse,
  PublishBody,
  PublishResponse,
  RemoveBlockQuery,
  UpdatePageBody,
} from './dto/page.dto.js';

export const PageList = ListEnvelope(PageSummaryResponse, 'PageList');

/** "When a request is both stale and invalid in another way, stale_snapshot wins." */
@Injectable()
export class StaleBeforeInvalid implements InvalidInputCheck {
  constructor(private readonly pages: PageRepository) {}

  async check(req: FastifyRequest): Promise<void> {
    const params = req.params as { page_id?: string };
    const raw = (req.body as { expected_updated_at?: unknown } | undefined)?.expected_updated_at ?? (req.query as { expected_updated_at?: unknown }).expected_updated_at;
    if (typeof raw !== 'string' || !params.page_id) return;
    // Any spelling that names an instant, even a loose one ("2020-01-01"), is compared: a stale claim wins
    // over the other errors of the request. Text that is no date at all is left to the 400.
    const expected = parseInstant(raw) ?? (/^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : null);
    if (!expected || Number.isNaN(expected.getTime())) return;
    const page = await this.pages.byId(req.principal!.workspace.id, params.page_id);
    if (page && page.stamp.getTime() !== expected.getTime()) throw new StaleSnapshotError();
  }
}

const pageParam = ApiParam({ name: 'page_id', type: String, description: 'Page ID' });

@ApiTags('Pages')
@ApiExtraModels(PageResponse)
@Controller('v1/pages')
export class PagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  private ws(req: FastifyRequest): string {
    return req.principal!.workspace.id;
  }

  @Get()
  @Operation({ id: 'listPages', summary: 'List pages, newest-updated first', scope: 'pages:read', write: false, quotaCost: 0, idempotent: false, status: 200, query: ListQueryDto, response: PageList })
  list(@Req() req: FastifyRequest) {
    const q = req.input!.query as ListQueryDto;
    return this.queries.execute(new ListPagesQuery(this.ws(req), q.limit, q.after));
  }

  @Post()
  @Operation({ id: 'createPage', summary: 'Create a page (DRAFT, nothing live)', scope: 'pages:write', write: true, quotaCost: 0, idempotent: true, status: 201, body: CreatePageBody, response: PageResponse })
  async create(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const b = req.input!.body as CreatePageBody;
    const page = await this.commands.execute(new CreatePageCommand(this.ws(req), b.title, b.description, b.locale, b.theme_preset_key));
    reply.header('location', `/v1/pages/${page.id}`);
    return page;
  }

  @Get(':page_id')
  @pageParam
  @Operation({ id: 'getPage', summary: 'Get a page: draft and live state, blocks, theme, route and stamp', scope: 'pages:read', write: false, quotaCost: 0, idempotent: false, status: 200, response: PageResponse, errors: ['resource_not_found'] })
  get(@Req() req: FastifyRequest) {
    return this.queries.execute(new GetPageQuery(this.ws(req), (req.params as { page_id: string }).page_id));
  }

  @Patch(':page_id')
  @pageParam
  @Operation({ id: 'updatePage', summary: 'Merge-patch a page', scope: 'pages:write', write: true, quotaCost: 1, idempotent: false, status: 200, body: UpdatePageBody, response: PageResponse, onInvalidInput: StaleBeforeInvalid, errors: ['resource_not_found', 'stale_snapshot'] })
  update(@Req() req: FastifyRequest) {
    const b = req.input!.body as UpdatePageBody;
    return this.commands.execute(
      new UpdatePageCommand(this.ws(req), (req.params as { page_id: string }).page_id, parseInstant(b.expected_updated_at)!, {
        title: b.title,
        description: b.description,
        themePresetKey: b.theme_preset_key,
        blockUpdates: b.block_updates?.map((u) => ({ blockId: u.block_id, data: u.data, enabled: u.enabled })),
        blockOrder: b.block_order,
      }),
    );
  }

  @Post(':page_id/blocks')
  @pageParam
  @Operation({ id: 'addBlock', summary: 'Append a block to the draft', scope: 'pages:write', write: true, quotaCost: 0, idempotent: true, status: 200, body: AddBlockBody, response: PageResponse, onInvalidInput: StaleBeforeInvalid, errors: ['resource_not_found', 'stale_snapshot'] })
  addBlock(@Req() req: FastifyRequest) {
    const b = req.input!.body as AddBlockBody;
    return this.commands.execute(
      new AddBlockCommand(this.ws(req), (req.params as { page_id: string }).page_id, parseInstant(b.expected_updated_at)!, b.kind, b.data, b.file_url, b.file_name),
    );
  }

  @Delete(':page_id/blocks/:block_id')
  @pageParam
  @ApiParam({ name: 'block_id', type: String })
  @Operation({ id: 'removeBlock', summary: 'Remove a block from the draft (not the last one)', scope: 'pages:write', write: true, quotaCost: 0, idempotent: false, status: 200, query: RemoveBlockQuery, response: PageResponse, onInvalidInput: StaleBeforeInvalid, errors: ['resource_not_found', 'stale_snapshot', 'last_block_required'] })
  removeBlock(@Req() req: FastifyRequest) {
    const q = req.input!.query as RemoveBlockQuery;
    const p = req.params as { page_id: string; block_id: string };
    return this.commands.execute(new RemoveBlockCommand(this.ws(req), p.page_id, p.block_id, parseInstant(q.expected_updated_at)!));
  }

  @Post(':page_id/publish')
  @pageParam
  @Operation({ id: 'publishPage', summary: 'Publish now, or schedule with starts_at', scope: 'publish', write: true, quotaCost: 1, idempotent: true, status: 200, body: PublishBody, bodyRequired: false, response: PublishResponse, errors: ['resource_not_found'] })
  publish(@Req() req: FastifyRequest) {
    const b = req.input!.body as PublishBody;
    return this.commands.execute(new PublishPageCommand(this.ws(req), (req.params as { page_id: string }).page_id, b.starts_at ? parseInstant(b.starts_at)! : undefined));
  }

  @Post(':page_id/archive')
  @pageParam
  @Operation({ id: 'archivePage', summary: 'Take the page offline (ARCHIVED) and cancel a pending schedule', scope: 'pages:write', write: true, quotaCost: 0, idempotent: true, status: 200, body: EmptyBody, bodyRequired: false, response: PageResponse, errors: ['resource_not_found'] })
  archive(@Req() req: FastifyRequest) {
    return this.commands.execute(new ArchivePageCommand(this.ws(req), (req.params as { page_id: string }).page_id));
  }
}
