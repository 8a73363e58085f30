import type { LivePageView } from '../../application/live-site.js';
import { safeUrl } from './render/html.js';
import { renderLivePage } from './render/live-page.js';

/**
 * A draft preview's document (docs/adr/0043): the page's current draft in the live renderer's preview mode (a
 * banner, not indexed, no link-preview tags), its avatar as the live page shows it, links straight to their targets
 * (no tracked redirect, so no click is counted) and forms disabled.
 */
export function renderPreview(page: LivePageView): string {
  const blocks = new Map(page.blocks.map((b) => [b.id, b]));
  const direct = (id: string) => {
    const b = blocks.get(id);
    return safeUrl(b?.link) ?? '#';
  };
  return renderLivePage({
    title: page.title,
    description: page.description,
    locale: page.locale,
    theme: page.theme,
    blocks: page.blocks,
    avatarUrl: page.avatarPath ?? undefined,
    mode: 'preview',
    links: { click: direct, download: (id) => safeUrl(blocks.get(id)?.fileUrl) ?? '#', subscribe: () => '#' },
  });
}
