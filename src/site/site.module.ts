import { Module } from '@nestjs/common';
import { PagesModule } from '../pages/pages.module.js';
import { LiveSite } from './application/live-site.js';
import { SiteController } from './interface/http/site.controller.js';

/** The public live site: published pages as HTML, tracked links, sign-ups and gated downloads. */
@Module({
  imports: [PagesModule],
  controllers: [SiteController],
  providers: [LiveSite],
})
export class SiteModule {}
