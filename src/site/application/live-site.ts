import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CaptureContactCommand } from '../../audience/index.js';
import { RecordClickCommand, RecordViewCommand, type Visit } from '../../analytics/index.js';
import { labelOf } from '../../pages/domain/block-kinds.js';
import type { Block, PageState } from '../../pages/domain/page.js';
import { PageRepository } from '../../pages/application/ports/page.ports.js';

export interface LiveBlockView {
  id: string;
  kind: Block['kind'];
  data: Record<string, unknown>;
  fileUrl: string | null;
  fileName: string | null;
  label: string;
}

export interface LivePage {
  id: string;
  workspaceId: string;
  slug: string;
  title: string;
  description: string;
  locale: string;
  theme: PageState['theme'];
  /** the enabled blocks of the published snapshot, in order (never the draft) */
  blocks: LiveBlockView[];
}

/** Who is visiting, as the analytics need it (no IP is stored; see VisitorHasher). */
export type VisitorInfo = Omit<Visit, 'workspaceId' | 'pageId'>;

/**
 * The public site's use cases: show a live page (and count the view), follow a tracked link (and count the
 * click), sign up to a newsletter, and unlock a gated download (both capture a contact).
 */
@Injectable()
export class LiveSite {
  constructor(
    private readonly pages: PageRepository,
    private readonly commands: CommandBus,
  ) {}

  async page(slug: string): Promise<LivePage | null> {
    if (!/^[a-z0-9-]{1,64}$/.test(slug)) return null;
    const page = await this.pages.liveBySlug(slug);
    if (!page) return null;
    const s = page.snapshot();
    return {
      id: s.id,
      workspaceId: s.workspaceId,
      slug: s.slug,
      title: s.title,
      description: s.description,
      locale: s.locale,
      theme: s.theme,
      blocks: (s.liveBlocks ?? [])
        .filter((b) => b.enabled)
        .map((b) => ({ id: b.id, kind: b.kind, data: { ...b.data }, fileUrl: b.fileUrl, fileName: b.fileName, label: labelOf(b.kind, b.data, b.fileName) })),
    };
  }

  async view(page: LivePage, visitor: VisitorInfo): Promise<void> {
    await this.commands.execute(new RecordViewCommand({ ...visitor, workspaceId: page.workspaceId, pageId: page.id }));
  }

  /** The target of a tracked LINK (or linked IMAGE) block, after recording the click; null when there is none. */
  async click(page: LivePage, blockId: string, visitor: VisitorInfo): Promise<string | null> {
    const block = page.blocks.find((b) => b.id === blockId);
    const target = block?.kind === 'LINK' ? block.data.url : block?.kind === 'IMAGE' ? block.data.link_url : undefined;
    if (!block || typeof target !== 'string') return null;
    await this.commands.execute(new RecordClickCommand({ ...visitor, workspaceId: page.workspaceId, pageId: page.id }, { blockId: block.id, label: block.label, url: target }));
    return target;
  }

  block(page: LivePage, blockId: string, kind: Block['kind']): LiveBlockView | null {
    return page.blocks.find((b) => b.id === blockId && b.kind === kind) ?? null;
  }

  /** Captures a contact from a form block (ValidationError on a bad address); a repeat is not a duplicate. */
  async capture(page: LivePage, block: LiveBlockView, source: 'NEWSLETTER' | 'GATED_DOWNLOAD', email: string, name: string | undefined): Promise<void> {
    await this.commands.execute(new CaptureContactCommand(page.workspaceId, email, name, source, page.id, block.id));
  }
}
