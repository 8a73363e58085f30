import { z } from 'zod';
import type { FieldError } from '../../platform/domain/domain-error.js';
import * as field from './block-fields.js';
import type { BlockData, Shape } from './block-fields.js';

/**
 * The block kinds, each defined once (docs/adr/0082): its data (a strict zod object, from which validation, the
 * OpenAPI and MCP JSON Schemas and the types follow), its label, whether it shows a workspace file, and which field a
 * tracked link goes to. docs/architecture.md has the recipe for a new kind.
 */
interface Definition<S extends Shape> {
  data: S;
  /** the block's `label`, from its data (and its file's name, for the kinds that show a file); clipped to 80 */
  label: (data: Partial<z.infer<z.ZodObject<S>>>, fileName: string | null) => string | undefined;
  /** shows a workspace file: takes `file_url` (a file's `public_path`), required */
  file?: true;
  /** the field the live page's tracked link (`/r/<block>`) goes to, counted as a click */
  link?: keyof S & string;
}

const defineKind = <S extends Shape>(d: Definition<S>) => ({ ...d, schema: z.strictObject(d.data) });

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

/** A block's title, the same bounds in every kind that has one. */
const title = (description?: string) => field.text({ min: 1, max: 200, description });

/** The services an EMBED block may link to, by the hosts of their links. */
const EMBED_HOSTS: Record<string, readonly string[]> = {
  YouTube: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtu.be'],
  Vimeo: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
  Spotify: ['open.spotify.com', 'spotify.link'],
  SoundCloud: ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com', 'on.soundcloud.com'],
  'Apple Music': ['music.apple.com', 'embed.music.apple.com'],
};
const EMBED_PROVIDERS = new Map(Object.entries(EMBED_HOSTS).flatMap(([name, hosts]) => hosts.map((h) => [h, name] as const)));

/** The service an EMBED block's link belongs to (`YouTube`, …), or undefined for any other link. */
export function embedProvider(url: string): string | undefined {
  try {
    return EMBED_PROVIDERS.get(new URL(url).hostname);
  } catch {
    return undefined;
  }
}

export const BLOCKS = {
  LINK: defineKind({
    data: {
      url: field.url({ schemes: ['http', 'https'], description: 'target of the link' }),
      title: title(),
      description: field.text({ max: 300, multiline: true }).optional(),
    },
    label: (d) => d.title ?? '',
    link: 'url',
  }),
  HEADER: defineKind({ data: { text: field.text({ min: 1, max: 200 }) }, label: (d) => d.text ?? '' }),
  TEXT: defineKind({ data: { text: field.text({ min: 1, max: 5000, multiline: true }) }, label: (d) => d.text ?? '' }),
  IMAGE: defineKind({
    data: {
      alt: field.text({ max: 300, description: 'alternative text for screen readers' }).optional(),
      caption: field.text({ max: 300 }).optional(),
      link_url: field.url({ schemes: ['http', 'https'], description: 'optional target when the image is tapped' }).optional(),
    },
    label: (d, fileName) => d.caption ?? d.alt ?? fileName ?? 'Image',
    file: true,
    link: 'link_url',
  }),
  FILE: defineKind({
    data: {
      title: title('defaults to the file name').optional(),
      gated: field.flag({ description: 'ask for an e-mail address before the download (captures a GATED_DOWNLOAD contact)' }).optional(),
    },
    label: (d, fileName) => d.title ?? fileName ?? 'file',
    file: true,
  }),
  CAROUSEL: defineKind({
    data: {
      title: title().optional(),
      images: field
        .filePaths({ minItems: 1, maxItems: 9, description: 'more images after `file_url`: public_path values of workspace files' })
        .optional(),
    },
    label: (d, fileName) => d.title ?? fileName ?? 'carousel',
    file: true,
  }),
  PRODUCT: defineKind({
    data: {
      title: title(),
      description: field.text({ max: 1000, multiline: true }).optional(),
      price_cents: field.whole({ min: 50, max: 100_000_000 }),
      currency: field.currency(),
    },
    label: (d) => d.title ?? '',
    file: true,
  }),
  VIDEO: defineKind({
    data: {
      url: field.url({ schemes: ['https'], description: 'https URL of the video (YouTube, Vimeo, …)' }),
      title: title().optional(),
    },
    label: (d) => d.title ?? d.url ?? 'Video',
  }),
  SOCIAL: defineKind({
    data: { platform: field.oneOf(SOCIAL_PLATFORMS), url: field.url({ schemes: ['https'] }) },
    label: (d) => d.platform ?? 'Social',
  }),
  NEWSLETTER: defineKind({
    data: {
      title: title('defaults to "Newsletter"').optional(),
      description: field.text({ max: 500, multiline: true }).optional(),
      button_label: field.text({ min: 1, max: 40 }).optional(),
    },
    label: (d) => d.title ?? 'Newsletter',
  }),
  TIP: defineKind({
    data: {
      title: title('defaults to "Tip jar"').optional(),
      currency: field.currency(),
      suggested_amounts_cents: field.wholeList({ minItems: 1, maxItems: 5, min: 100, max: 1_000_000 }).optional(),
    },
    label: (d) => d.title ?? 'Tip jar',
  }),
  EMBED: defineKind({
    data: {
      url: field.url({
        schemes: ['https'],
        description: `a link to ${Object.keys(EMBED_HOSTS).join(', ')}, shown as a card (nothing is loaded from there)`,
        hosts: (host) => EMBED_PROVIDERS.has(host),
        refused: `must link to ${Object.keys(EMBED_HOSTS).join(', ')}`,
      }),
      title: title().optional(),
    },
    label: (d) => d.title ?? (d.url && embedProvider(d.url)) ?? 'Embed',
    link: 'url',
  }),
};

export type BlockKind = keyof typeof BLOCKS;
export const BLOCK_KINDS = Object.keys(BLOCKS) as BlockKind[];
export const isBlockKind = (v: string): v is BlockKind => Object.hasOwn(BLOCKS, v);

/** Kinds that show a workspace file: they take `file_url` (a file's `public_path`), required. */
export const FILE_KINDS: readonly BlockKind[] = BLOCK_KINDS.filter((k) => 'file' in BLOCKS[k]);

type AnyDefinition = Definition<Shape> & { schema: z.ZodObject<Shape> };
const definition = (kind: BlockKind) => BLOCKS[kind] as unknown as AnyDefinition;

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
/** A field of stored data as its label reads it: a string, or absent (null and other types read as absent). */
const strings = (data: BlockData) =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string')) as Record<string, string>;

/** A block's `label`, derived from its data (title, text or file name). */
export function labelOf(kind: BlockKind, data: BlockData, fileName: string | null): string {
  return clip(definition(kind).label(strings(data), fileName) ?? '');
}

/** Where the live page's tracked link of a block goes: its kind's link field, when the block has one. */
export function linkOf(kind: BlockKind, data: BlockData): string | undefined {
  const name = definition(kind).link;
  const target = name === undefined ? undefined : data[name];
  return typeof target === 'string' ? target : undefined;
}

/** Every problem of a kind's data, with pointers under `base`. */
export const kindDataProblems = (kind: BlockKind, data: unknown, base: string): FieldError[] =>
  field.dataProblems(definition(kind).schema, data, base);

/** A kind's valid data as stored: URL fields normalized. */
export const storedData = (kind: BlockKind, data: BlockData): BlockData => field.normalizeUrls(definition(kind).schema, data);

/** The JSON Schema of a kind's data (for the OpenAPI document and the MCP tools). */
export const dataJsonSchema = (kind: BlockKind): Record<string, unknown> => field.jsonSchemaOf(definition(kind).schema);
