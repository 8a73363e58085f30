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
import { ArchivePageCommand } from '../../application/commands/archive-page/archive-page.command.js';
import { CancelScheduleCommand } from '../../application/commands/cancel-schedule/cancel-schedule.command.js';
import { CreatePageCommand } from '../../application/commands/create-page/create-page.command.js';
import { CreatePreviewLinkCommand } from '../../application/commands/create-preview-link/create-preview-link.command.js';
import { PublishPageCommand } from '../../application/commands/publish-page/publish-page.command.js';
import { RemoveBlockCommand } from '../../application/commands/remove-block/remove-block.command.js';
import { RevokePreviewLinksCommand } from '../../application/commands/revoke-preview-links/revoke-preview-links.command.js';
import { UpdatePageCommand } from '../../application/commands/update-page/update-page.command.js';
import { StaleBeforeInvalid } from './stale-before-invalid.js';
import { AddBlockRules, CreatePageRules, UpdatePageRules } from './page-body-rules.js';
import { GetPageQuery } from '../../application/queries/get-page/get-page.query.js';
import { ListPagesQuery } from '../../application/queries/list-pages/list-pages.query.js';
import {
  AddBlockBody,
  CreatePageBody,
  CreatePreviewLinkBody,
  EmptyBody,
  PageResponse,
  PageSummaryResponse,
  PreviewLinkResponse,
  PublishBody,
  PublishResponse,
  RemoveBlockQuery,
  UpdatePageBody,
} from './dto/page.dto.js';
import { pageEditOf } from './dto/page-edit.js';

export const PageList = ListEnvelope(PageSummaryResponse, 'PageList');

/** What every change of a page's draft needs first (the optimistic-concurrency stamp). */
const STAMPED_CHANGE =
  "Send the page's current `draft.updated_at` (from getPage or the last change) as `expected_updated_at`; a stale one " +
  'gives 409 stale_snapshot: read the page again and redo the change.';

const pageParam = ApiParam({ name: 'page_id', type: String, description: 'Page ID' });

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

  @Post(':page_id/publish')
  @pageParam
  @Operation({
    id: 'publishPage',
    summary: 'Publish now, or schedule with starts_at',
    guide:
      'Copies the current draft to the live page, now or at `starts_at` (the page then shows `scheduled_for`; ' +
      'cancelSchedule calls it off). Visitors see only what was published: later draft changes need another publish. ' +
      'To publish exactly the draft you read, send its `draft.updated_at` as `expected_updated_at`: a change since ' +
      'gives 409 stale_snapshot.',
    scope: 'publish',
    write: true,
    quotaCost: 1,
    idempotent: true,
    status: 200,
    body: PublishBody,
    bodyRequired: false,
    response: PublishResponse,
    onInvalidInput: StaleBeforeInvalid,
    errors: ['resource_not_found', 'stale_snapshot'],
  })
  publish(@Caller() caller: RequestPrincipal, @Param('page_id') pageId: string, @Input('body') b: PublishBody) {
    return this.commands.execute(
      new PublishPageCommand(
        caller.workspaceId,
        pageId,
        b.starts_at ? parseInstant(b.starts_at)! : undefined,
        b.expected_updated_at ? parseInstant(b.expected_updated_at)! : undefined,
      ),
    );
  }

  @Delete(':page_id/schedule')
  @pageParam
  @Operation({
    id: 'cancelSchedule',
    summary: "Cancel the page's scheduled publish",
    guide:
      'Calls off a publish scheduled with `starts_at` before it fires: nothing goes live, the draft and the live page ' +
      'stay as they are, and `scheduled_for` becomes null (`draft.updated_at` moves on). 404 resource_not_found when ' +
      'nothing is scheduled, including when the schedule has already fired.',
    scope: 'publish',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 200,
    response: PageResponse,
    errors: ['resource_not_found'],
  })
  cancelSchedule(@Caller() caller: RequestPrincipal, @Param('page_id') pageId: string) {
    return this.commands.execute(new CancelScheduleCommand(caller.workspaceId, pageId));
  }

  @Post(':page_id/archive')
  @pageParam
  @Operation({
    id: 'archivePage',
    summary: 'Take the page offline (ARCHIVED) and cancel a pending schedule',
    guide: 'Takes the live page offline at once (its address answers 404) and cancels a scheduled publish; publish again to bring it back.',
    destructive: true,
    scope: 'pages:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 200,
    body: EmptyBody,
    bodyRequired: false,
    response: PageResponse,
    errors: ['resource_not_found'],
  })
  archive(@Caller() caller: RequestPrincipal, @Param('page_id') pageId: string) {
    return this.commands.execute(new ArchivePageCommand(caller.workspaceId, pageId));
  }

  @Post(':page_id/preview-links')
  @pageParam
  @Operation({
    id: 'createPreviewLink',
    summary: "Make a signed, expiring link to the page's current draft",
    scope: 'pages:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 201,
    body: CreatePreviewLinkBody,
    bodyRequired: false,
    response: PreviewLinkResponse,
    errors: ['resource_not_found', 'page_archived'],
  })
  createPreviewLink(@Caller() caller: RequestPrincipal, @Param('page_id') pageId: string, @Input('body') b: CreatePreviewLinkBody) {
    return this.commands.execute(new CreatePreviewLinkCommand(caller.workspaceId, pageId, b.expires_in));
  }

  @Delete(':page_id/preview-links')
  @pageParam
  @Operation({
    id: 'revokePreviewLinks',
    summary: 'Revoke every preview link made so far for the page',
    guide:
      'For a preview link that was shared too widely: every link made for the page until now answers 404 at once, ' +
      'wherever it was sent; links made afterwards work. The page itself does not change (nor its ' +
      '`draft.updated_at`). Archiving a page also ends its links, for good.',
    destructive: true,
    scope: 'pages:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 204,
    errors: ['resource_not_found'],
  })
  async revokePreviewLinks(@Caller() caller: RequestPrincipal, @Param('page_id') pageId: string): Promise<void> {
    await this.commands.execute(new RevokePreviewLinksCommand(caller.workspaceId, pageId));
  }
}
