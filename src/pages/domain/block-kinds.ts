import type { BlockData, ObjectSpec } from './block-schema.js';

export const BLOCK_KINDS = [
  'LINK',
  'HEADER',
  'TEXT',
  'IMAGE',
  'FILE',
  'CAROUSEL',
  'PRODUCT',
  'VIDEO',
  'SOCIAL',
  'NEWSLETTER',
  'TIP',
] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const isBlockKind = (v: string): v is BlockKind => (BLOCK_KINDS as readonly string[]).includes(v);

/** Kinds that show a workspace file: they take `file_url` (a file's `public_path`), required. */
export const FILE_KINDS: readonly BlockKind[] = ['IMAGE', 'FILE', 'CAROUSEL', 'PRODUCT'];

export const SOCIAL_PLATFORMS = [
  'instagram',
  'tiktok',
  'youtube',
  'x',
  'facebook',
  'linkedin',
  'github',
  'twitch',
  'spotify',
  'threads',
  'bluesky',
  'website',
] as const;

/** The strict `data` schema of each block kind. */
export const BLOCK_DATA: Record<BlockKind, ObjectSpec> = {
  LINK: {
    url: { type: 'url', required: true, schemes: ['http', 'https'], description: 'target of the link' },
    title: { type: 'string', required: true, min: 1, max: 200 },
    description: { type: 'string', max: 300, multiline: true },
  },
  HEADER: { text: { type: 'string', required: true, min: 1, max: 200 } },
  TEXT: { text: { type: 'string', required: true, min: 1, max: 5000, multiline: true } },
  IMAGE: {
    alt: { type: 'string', max: 300, description: 'alternative text for screen readers' },
    caption: { type: 'string', max: 300 },
    link_url: { type: 'url', schemes: ['http', 'https'], description: 'optional target when the image is tapped' },
  },
  FILE: {
    title: { type: 'string', min: 1, max: 200, description: 'defaults to the file name' },
    gated: { type: 'boolean', description: 'ask for an e-mail address before the download (captures a GATED_DOWNLOAD contact)' },
  },
  CAROUSEL: {
    title: { type: 'string', min: 1, max: 200 },
    images: {
      type: 'path-list',
      minItems: 1,
      maxItems: 9,
      description: 'more images after `file_url`: public_path values of workspace files',
    },
  },
  PRODUCT: {
    title: { type: 'string', required: true, min: 1, max: 200 },
    description: { type: 'string', max: 1000, multiline: true },
    price_cents: { type: 'integer', required: true, min: 50, max: 100_000_000 },
    currency: { type: 'currency', required: true },
  },
  VIDEO: {
    url: { type: 'url', required: true, schemes: ['https'], description: 'https URL of the video (YouTube, Vimeo, …)' },
    title: { type: 'string', min: 1, max: 200 },
  },
  SOCIAL: {
    platform: { type: 'enum', required: true, values: SOCIAL_PLATFORMS },
    url: { type: 'url', required: true, schemes: ['https'] },
  },
  NEWSLETTER: {
    title: { type: 'string', min: 1, max: 200, description: 'defaults to "Newsletter"' },
    description: { type: 'string', max: 500, multiline: true },
    button_label: { type: 'string', min: 1, max: 40 },
  },
  TIP: {
    title: { type: 'string', min: 1, max: 200, description: 'defaults to "Tip jar"' },
    currency: { type: 'currency', required: true },
    suggested_amounts_cents: { type: 'integer-list', minItems: 1, maxItems: 5, min: 100, max: 1_000_000 },
  },
};

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A block's `label`, derived from its data (title, text or file name). */
export function labelOf(kind: BlockKind, data: BlockData, fileName: string | null): string {
  const str = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : undefined);
  switch (kind) {
    case 'LINK':
    case 'PRODUCT':
      return clip(str('title') ?? '');
    case 'HEADER':
    case 'TEXT':
      return clip(str('text') ?? '');
    case 'IMAGE':
      return clip(str('caption') ?? str('alt') ?? fileName ?? 'Image');
    case 'FILE':
    case 'CAROUSEL':
      return clip(str('title') ?? fileName ?? kind.toLowerCase());
    case 'VIDEO':
      return clip(str('title') ?? str('url') ?? 'Video');
    case 'SOCIAL':
      return str('platform') ?? 'Social';
    case 'NEWSLETTER':
      return clip(str('title') ?? 'Newsletter');
    case 'TIP':
      return clip(str('title') ?? 'Tip jar');
  }
}
