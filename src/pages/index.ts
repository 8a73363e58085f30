/** The pages context's public entry: what other contexts, the site, the CLI and tests may use. */
export {
  AddBlockCommand,
  ArchivePageCommand,
  CreatePageCommand,
  PublishPageCommand,
  RemoveBlockCommand,
  UpdatePageCommand,
} from './application/page-commands.js';
export { GetPageQuery, ListPagesQuery } from './application/page-queries.js';
export { PublishScheduler } from './application/publish-scheduler.js';
export type { PageSummaryView, PageView } from './application/page.views.js';
export type { PageEvent, PagePublished } from './domain/page.events.js';
export { blockDataSchemas } from './interface/http/block-data.schemas.js';
