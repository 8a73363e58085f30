import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RecordClickCommand, RecordViewCommand, type Visit } from '../../analytics/index.js';
import { CaptureContactCommand } from '../../audience/index.js';
import { GetLivePageQuery, type LiveBlockView, type LivePageView } from '../../pages/index.js';
import { WindowCounter, type WindowVerdict } from '../../platform/rate-limit/window-counter.js';
import { LivePageCache } from './live-page-cache.js';

export type { LiveBlockView };
export type LivePage = LivePageView;

/** Who is visiting, as the analytics need it (no IP is stored; see analytics' VisitorHasher). */
export type VisitorInfo = Omit<Visit, 'workspaceId' | 'pageId'>;

/** Form posts (sign-ups, gated downloads) one client address may make to one page per window (decisions.md). */
export const FORM_POSTS_PER_WINDOW = 10;
export const FORM_WINDOW_SECONDS = 600;

/**
 * The public site's use cases, each a query or command of the context that owns it: show a live page (pages)
 * and count the view (analytics), follow a tracked link and count the click, sign up to a newsletter and
 * unlock a gated download (both capture a contact: audience).
 */
@Injectable()
export class LiveSite {
  /** The live pages by slug, dropped as they change (site/infrastructure's listener drives it; docs/adr/0030). */
  readonly pages: LivePageCache<LivePage>;

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly windows: WindowCounter,
  ) {
    this.pages = new LivePageCache((slug) => this.queries.execute(new GetLivePageQuery(slug)));
  }

  /**
   * Counts a form post of `clientAddress` to `page` in the shared window (every process counts in PostgreSQL);
   * past FORM_POSTS_PER_WINDOW in FORM_WINDOW_SECONDS it is refused. The address is kept only as a hash.
   */
  admitFormPost(page: LivePage, clientAddress: string): Promise<WindowVerdict> {
    const client = createHash('sha256').update(clientAddress).digest('base64url').slice(0, 32);
    return this.windows.hit(`form:${page.id}:${client}`, FORM_POSTS_PER_WINDOW, FORM_WINDOW_SECONDS);
  }

  /** The live page at `slug` (null when there is none), from memory while the cache holds it. */
  page(slug: string): Promise<LivePage | null> {
    return this.pages.get(slug);
  }

  async view(page: LivePage, visitor: VisitorInfo): Promise<void> {
    await this.commands.execute(new RecordViewCommand({ ...visitor, workspaceId: page.workspaceId, pageId: page.id }));
  }

  /** The target of a tracked LINK (or linked IMAGE) block, after recording the click; null when there is none. */
  async click(page: LivePage, blockId: string, visitor: VisitorInfo): Promise<string | null> {
    const block = page.blocks.find((b) => b.id === blockId);
    const target = block?.kind === 'LINK' ? block.data.url : block?.kind === 'IMAGE' ? block.data.link_url : undefined;
    if (!block || typeof target !== 'string') return null;
    await this.commands.execute(
      new RecordClickCommand(
        { ...visitor, workspaceId: page.workspaceId, pageId: page.id },
        { blockId: block.id, label: block.label, url: target },
      ),
    );
    return target;
  }

  block(page: LivePage, blockId: string, kind: LiveBlockView['kind']): LiveBlockView | null {
    return page.blocks.find((b) => b.id === blockId && b.kind === kind) ?? null;
  }

  /** Captures a contact from a form block (ValidationError on a bad address); a repeat is not a duplicate. */
  async capture(
    page: LivePage,
    block: LiveBlockView,
    source: 'NEWSLETTER' | 'GATED_DOWNLOAD',
    email: string,
    name: string | undefined,
  ): Promise<void> {
    await this.commands.execute(new CaptureContactCommand(page.workspaceId, email, name, source, page.id, block.id));
  }
}
