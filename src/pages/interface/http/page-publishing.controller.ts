import { Controller, Delete, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { parseInstant } from '../../../platform/http/dto/instant.js';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { ArchivePageCommand } from '../../application/commands/archive-page/archive-page.command.js';
import { CancelScheduleCommand } from '../../application/commands/cancel-schedule/cancel-schedule.command.js';
import { CreatePreviewLinkCommand } from '../../application/commands/create-preview-link/create-preview-link.command.js';
import { PublishPageCommand } from '../../application/commands/publish-page/publish-page.command.js';
import { RevokePreviewLinksCommand } from '../../application/commands/revoke-preview-links/revoke-preview-links.command.js';
import type { PageView } from '../../application/page.views.js';
import { StaleBeforeInvalid } from './stale-before-invalid.js';
import { CreatePreviewLinkBody, EmptyBody, PublishBody } from './dto/page.dto.js';
import { PageResponse, PreviewLinkResponse, PublishResponse } from './dto/page-response.dto.js';
import { pageParam } from './pages.controller.js';

/**
 * What reaches visitors: publishing (now or scheduled) and calling a schedule off, archiving, and the preview links
 * that show the draft before it is published. Registered after PagesController, so the paths keep their order.
 */
@ApiTags('Pages')
@Controller('v1/pages')
export class PagePublishingController {
  constructor(private readonly commands: CommandBus) {}

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
      'stay as they are, and `scheduled_for` becomes null (`draft.updated_at` moves on). Answers like publish: ' +
      '`{page, scheduled_for: null}`. 404 resource_not_found when nothing is scheduled, including when the schedule ' +
      'has already fired.',
    scope: 'publish',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 200,
    response: PublishResponse,
    errors: ['resource_not_found'],
  })
  async cancelSchedule(
    @Caller() caller: RequestPrincipal,
    @Param('page_id') pageId: string,
  ): Promise<{ page: PageView; scheduled_for: null }> {
    const page: PageView = await this.commands.execute(new CancelScheduleCommand(caller.workspaceId, pageId));
    return { page, scheduled_for: null };
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
