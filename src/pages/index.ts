/** The pages context's public entry: what other contexts, the site, the CLI and tests may use. Everything else is private. */
export { AddBlockCommand } from './application/commands/add-block/add-block.command.js';
export { ArchivePageCommand } from './application/commands/archive-page/archive-page.command.js';
export { CancelScheduleCommand } from './application/commands/cancel-schedule/cancel-schedule.command.js';
export { CreatePageCommand } from './application/commands/create-page/create-page.command.js';
export { CreatePreviewLinkCommand } from './application/commands/create-preview-link/create-preview-link.command.js';
/** Where preview links are served, on the live site's origin. */
export { PREVIEW_PATH } from './application/commands/create-preview-link/create-preview-link.handler.js';
export { PublishPageCommand } from './application/commands/publish-page/publish-page.command.js';
export { RemoveBlockCommand } from './application/commands/remove-block/remove-block.command.js';
export { RevokePreviewLinksCommand } from './application/commands/revoke-preview-links/revoke-preview-links.command.js';
export { UpdatePageCommand } from './application/commands/update-page/update-page.command.js';
export { GetDraftPreviewQuery } from './application/queries/get-draft-preview/get-draft-preview.query.js';
export { GetLivePageQuery } from './application/queries/get-live-page/get-live-page.query.js';
export { GetMovedSlugQuery } from './application/queries/get-moved-slug/get-moved-slug.query.js';
export { GetPageQuery } from './application/queries/get-page/get-page.query.js';
export { GetPageTitlesQuery } from './application/queries/get-page-titles/get-page-titles.query.js';
export { ListPagesQuery } from './application/queries/list-pages/list-pages.query.js';
export { PageHasSourceQuery } from './application/queries/page-has-source/page-has-source.query.js';
export type { PageView } from './application/page.views.js';
export type { LiveBlockView, LivePageView } from './application/queries/get-live-page/get-live-page.view.js';
export type { MovedSlugView } from './application/queries/get-moved-slug/get-moved-slug.view.js';
export type { PageSummaryView } from './application/queries/list-pages/list-pages.view.js';
export type { PageEvent, PagePublished } from './domain/page.events.js';
export type { BlockKind } from './domain/block-kinds.js';
/** The service an EMBED block links to, named for its card. */
export { embedProvider } from './domain/block-kinds.js';
export type { ThemePresetKey } from './domain/theme.js';
/** The events this context publishes, with their contracts (docs/adr/0041). */
export { PAGE_PUBLISHED, PAGES_INTEGRATION_EVENTS } from './application/integration-events.js';
/** The longest a slug can be: a longer one is no page's (the live site answers it 404 without a lookup). */
export { SLUG_MAX } from './domain/slug.js';
/** The scheduler's worker, for tests that fire due schedules by hand (`fireDue()`). */
export { PublishScheduler } from './interface/worker/publish-scheduler.js';
/** One batch of due schedules (what `fireDue()` sends until a batch comes back short). */
export { FireDueSchedulesCommand } from './application/commands/fire-due-schedules/fire-due-schedules.command.js';
export { pagesOpenApi } from './interface/http/block-data.schemas.js';
/** The channel that names each slug whose live page changed, at commit (the live site's cache listens). */
export { LIVE_PAGES_CHANNEL } from './infrastructure/pages.tables.js';
/** The port through which pages learn of their custom domains (bound by the custom-domains context; docs/adr/0094). */
export { PageAddresses } from './application/ports/page.ports.js';
