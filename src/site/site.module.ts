import { Module } from '@nestjs/common';
import { LiveSite } from './application/live-site.js';
import { LivePageChangesListener } from './infrastructure/live-page-changes.listener.js';
import { SiteRoutes } from './interface/http/site.routes.js';

/**
 * The public live site: published pages as HTML, tracked links, sign-ups and gated downloads. It owns no
 * data: it asks pages, analytics and audience through the CQRS buses (their public entries). Its routes are
 * Fastify's own (SiteRoutes, docs/adr/0092); its live pages are cached until a change is heard.
 */
@Module({
  providers: [LiveSite, SiteRoutes, LivePageChangesListener],
})
export class SiteModule {}
