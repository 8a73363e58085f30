import { Module } from '@nestjs/common';
import { LiveSite } from './application/live-site.js';
import { SiteController } from './interface/http/site.controller.js';

/**
 * The public live site: published pages as HTML, tracked links, sign-ups and gated downloads. It owns no
 * data: it asks pages, analytics and audience through the CQRS buses (their public entries).
 */
@Module({
  controllers: [SiteController],
  providers: [LiveSite],
})
export class SiteModule {}
