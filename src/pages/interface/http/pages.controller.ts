import { Controller, Delete, Get, Param, Patch, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ListEnvelope, ListQueryDto } from '../../../platform/http/dto/list.dto.js';
import { parseInstant } from '../../../platform/http/dto/instant.js';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { AddBlockCommand } from '../../application/commands/add-block/add-block.command.js';
import { CreatePageCommand } from '../../application/commands/create-page/create-page.command.js';
import { RemoveBlockCommand } from '../../application/commands/remove-block/remove-block.command.js';
import { UpdatePageCommand } from '../../application/commands/update-page/update-page.command.js';
import { StaleBeforeInvalid } from './stale-before-invalid.js';
import { AddBlockRules, CreatePageRules, UpdatePageRules } from './page-body-rules.js';
import { GetPageQuery } from '../../application/queries/get-page/get-page.query.js';
import { ListPagesQuery } from '../../application/queries/list-pages/list-pages.query.js';
import { AddBlockBody, CreatePageBody, RemoveBlockQuery, UpdatePageBody } from './dto/page.dto.js';
import { PageResponse, PageSummaryResponse } from './dto/page-response.dto.js';
import { pageEditOf } from './dto/page-edit.js';

export const PageList = ListEnvelope(PageSummaryResponse, 'PageList');

/** What every change of a page's draft needs first (the optimistic-concurrency stamp). */
const STAMPED_CHANGE =
  "Send the page's current `draft.updated_at` (from getPage or the last change) as `expected_updated_at`; a stale one " +
  'gives 409 stale_snapshot: read the page again and redo the change.';

export const pageParam = ApiParam({ name: 'page_id', type: String, description: 'Page ID' });

@ApiTags('Pages')
@ApiExtraModels(PageResponse)
@Controller('v1/pages')
export class PagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Operation({
    id: 'listPages',
    summary: 'List pages, newest-updated first',
    scope: 'pages:read',
    write: false,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    query: ListQueryDto,
    response: PageList,
  })
  list(@Caller() caller: RequestPrincipal, @Input('query') q: ListQueryDto) {
    return this.queries.execute(new ListPagesQuery(caller.workspaceId, q.limit, q.after));
  }

  @Post()
  @Operation({
    id: 'createPage',
    summary: 'Create a page (DRAFT, nothing live)',
    guide:
      'Nothing is public until publishPage. Keep the returned `draft.updated_at`: updatePage, addBlock and removeBlock ' +
      'take it as `expected_updated_at`.',
    scope: 'pages:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 201,
    body: CreatePageBody,
    bodyRules: CreatePageRules,
    response: PageResponse,
    errors: ['slug_taken'],
  })
  async create(@Caller() caller: RequestPrincipal, @Input('body') b: CreatePageBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = await this.commands.execute(
      new CreatePageCommand(caller.workspaceId, b.title, b.description, b.locale, b.theme_preset_key, b.slug, b.avatar_file_id),
    );
    reply.header('location', `/v1/pages/${page.id}`);
    return page;
  }

  @Get(':page_id')
  @pageParam
  @Operation({
    id: 'getPage',
    summary: 'Get a page: draft and live state, blocks, theme, route and stamp',
    guide:
      'Read this before changing a page: `draft` is what the API edits, `published` what visitors see, and ' +
      '`draft.updated_at` is the `expected_updated_at` that updatePage, addBlock and removeBlock need.',
    scope: 'pages:read',
    write: false,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    response: PageResponse,
    errors: ['resource_not_found'],
  })
  get(@Caller() caller: RequestPrincipal, @Param('page_id') pageId: string) {
    return this.queries.execute(new GetPageQuery(caller.workspaceId, pageId));
  }

  @Patch(':page_id')
  @pageParam
  @Operation({
    id: 'updatePage',
    summary: 'Merge-patch a page',
    guide: STAMPED_CHANGE,
    scope: 'pages:write',
    write: true,
    quotaCost: 1,
    idempotent: false,
    status: 200,
    body: UpdatePageBody,
    bodyRules: UpdatePageRules,
    response: PageResponse,
    onInvalidInput: StaleBeforeInvalid,
    errors: ['resource_not_found', 'stale_snapshot', 'slug_taken'],
  })
  update(@Caller() caller: RequestPrincipal, @Param('page_id') pageId: string, @Input('body') b: UpdatePageBody) {
    return this.commands.execute(
      new UpdatePageCommand(caller.workspaceId, pageId, parseInstant(b.expected_updated_at)!, pageEditOf(b), b.avatar_file_id),
    );
  }

  @Post(':page_id/blocks')
  @pageParam
  @Operation({
    id: 'addBlock',
    summary: 'Append a block to the draft',
    guide: STAMPED_CHANGE,
    scope: 'pages:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 200,
    body: AddBlockBody,
    bodyRules: AddBlockRules,
    response: PageResponse,
    onInvalidInput: StaleBeforeInvalid,
    errors: ['resource_not_found', 'stale_snapshot'],
  })
  addBlock(@Caller() caller: RequestPrincipal, @Param('page_id') pageId: string, @Input('body') b: AddBlockBody) {
    return this.commands.execute(
      new AddBlockCommand(caller.workspaceId, pageId, parseInstant(b.expected_updated_at)!, b.kind, b.data, b.file_url, b.file_name),
    );
  }

  @Delete(':page_id/blocks/:block_id')
  @pageParam
  @ApiParam({ name: 'block_id', type: String })
  @Operation({
    id: 'removeBlock',
    summary: 'Remove a block from the draft (not the last one)',
    guide: STAMPED_CHANGE,
    scope: 'pages:write',
    write: true,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    query: RemoveBlockQuery,
    response: PageResponse,
    onInvalidInput: StaleBeforeInvalid,
    errors: ['resource_not_found', 'stale_snapshot', 'last_block_required'],
  })
  removeBlock(
    @Caller() caller: RequestPrincipal,
    @Param('page_id') pageId: string,
    @Param('block_id') blockId: string,
    @Input('query') q: RemoveBlockQuery,
  ) {
    return this.commands.execute(new RemoveBlockCommand(caller.workspaceId, pageId, blockId, parseInstant(q.expected_updated_at)!));
  }
}
