import type { UpdatePageBody } from './page.dto.js';

/** The draft edit an updatePage body asks for (its `avatar_file_id` travels beside it: the handler looks the file up). */
export function pageEditOf(b: UpdatePageBody) {
  return {
    title: b.title,
    slug: b.slug,
    description: b.description,
    themePresetKey: b.theme_preset_key,
    blockUpdates: b.block_updates?.map((u) => ({ blockId: u.block_id, data: u.data, enabled: u.enabled })),
    blockOrder: b.block_order,
  };
}
