import { ValidationError, type FieldError } from '../../platform/domain/domain-error.js';
import { findInvisible, invisibleProblem, type TextClass } from '../../platform/domain/invisible-characters.js';
import type { BlockData } from './block-fields.js';
import { BLOCK_KINDS, FILE_KINDS, isBlockKind, kindDataProblems, storedData, type BlockKind } from './block-kinds.js';
import { PAGE_LIMITS, type Avatar, type AvatarCandidate, type Block } from './page.state.js';
import { slugProblem } from './slug.js';
import { isThemePreset, THEME_PRESETS, type ThemePresetKey } from './theme.js';

/** The field checks the Page aggregate applies to its input, and the copies it hands out. */

/** Sizes are in UTF-8 bytes, as stored and sent, not in UTF-16 code units. */
const UTF8 = new TextEncoder();

export const fail = (errors: FieldError[]): never => {
  throw new ValidationError(errors, errors.map((e) => ('pointer' in e ? `${e.pointer}: ${e.detail}` : e.detail)).join('; '));
};

/** Refuses text holding characters nobody can see (docs/adr/0061): `line` for titles and names, `text` where lines may break. */
export function checkVisible(value: string, kind: TextClass, pointer: string, name: string): string {
  const found = findInvisible(value, kind);
  if (found) fail([{ pointer, detail: `${name} ${invisibleProblem(found)}` }]);
  return value;
}

export function checkTitle(title: string, pointer = '/title'): string {
  const t = title.trim();
  if (t.length < 1 || t.length > PAGE_LIMITS.titleMax) fail([{ pointer, detail: `title must be 1 to ${PAGE_LIMITS.titleMax} characters` }]);
  return checkVisible(t, 'line', pointer, 'title');
}

/** A page's description may run over several lines (TAB, LF and CR kept). */
export function checkDescription(description: string): string {
  if (description.length > PAGE_LIMITS.descriptionMax)
    fail([{ pointer: '/description', detail: `description must be at most ${PAGE_LIMITS.descriptionMax} characters` }]);
  return checkVisible(description, 'text', '/description', 'description');
}

/** A slug a caller chose (POST or PATCH `slug`): its shape and the reserved words, with a pointer. */
export function checkSlug(slug: string, pointer = '/slug'): string {
  const problem = slugProblem(slug);
  if (problem) fail([{ pointer, detail: problem }]);
  return slug;
}

/** The image types a page's avatar may be: those a browser and a link preview both show (never SVG). */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** An avatar must be an image file of the page's workspace (`candidate` is null when the workspace has no such file). */
export function checkAvatar(candidate: AvatarCandidate | null, pointer = '/avatar_file_id'): Avatar {
  if (!candidate) return fail([{ pointer, detail: 'avatar_file_id must be the ID of a file of this workspace' }]);
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(candidate.mimeType))
    fail([{ pointer, detail: `the avatar must be an image file (${AVATAR_MIME_TYPES.join(', ')}), not ${candidate.mimeType}` }]);
  return { fileId: candidate.id, publicPath: candidate.publicPath };
}

export function checkTheme(key: string, pointer = '/theme_preset_key'): ThemePresetKey {
  if (!isThemePreset(key)) fail([{ pointer, detail: `theme_preset_key must be one of ${Object.keys(THEME_PRESETS).join(', ')}` }]);
  return key as ThemePresetKey;
}

export function checkLocale(locale: string, pointer = '/locale'): string {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale))
    fail([{ pointer, detail: 'locale must be a BCP 47 language tag such as en or pt-BR' }]);
  return locale;
}

/** Every error of a kind's block data (its fields against the kind's schema, then its size), with pointers under `base`. */
export function dataProblems(kind: BlockKind, data: unknown, base: string): FieldError[] {
  const errors = kindDataProblems(kind, data, base);
  if (errors.length) return errors;
  if (UTF8.encode(JSON.stringify(data)).length > PAGE_LIMITS.blockDataBytes)
    return [{ pointer: base, detail: 'data must be at most 16 KiB' }];
  return [];
}

export function checkData(kind: BlockKind, data: unknown, base: string): BlockData {
  const errors = dataProblems(kind, data, base);
  if (errors.length) fail(errors);
  return storedData(kind, data as BlockData);
}

/**
 * Every error of a new block's own fields at once (docs/adr/0071): its kind, whether it takes a file (`hasFile`: a
 * `file_url` was given), its `file_name` and its data (`{}` when left out). What is undefined here (`kind`,
 * `hasFile`, `data` with `skipData`) was found wrong already: nothing that depends on it is checked.
 */
export function newBlockProblems(input: {
  kind?: string;
  hasFile?: boolean;
  fileName?: string;
  data?: unknown;
  skipData?: boolean;
}): FieldError[] {
  const { kind, hasFile, fileName } = input;
  if (kind === undefined) return [];
  if (!isBlockKind(kind)) return [{ pointer: '/kind', detail: `kind must be one of ${BLOCK_KINDS.join(', ')}` }];
  const takesFile = FILE_KINDS.includes(kind);
  const out: FieldError[] = [];
  if (takesFile && hasFile === false)
    out.push({ pointer: '/file_url', detail: `file_url is required for ${kind} blocks: the public_path of a workspace file` });
  if (!takesFile && hasFile === true) out.push({ pointer: '/file_url', detail: `only ${FILE_KINDS.join(', ')} blocks take file_url` });
  if (fileName !== undefined) {
    const hidden = findInvisible(fileName.trim(), 'line');
    if (!takesFile) out.push({ pointer: '/file_name', detail: `only ${FILE_KINDS.join(', ')} blocks take file_name` });
    else if (fileName.trim().length < 1 || fileName.length > PAGE_LIMITS.fileNameMax)
      out.push({ pointer: '/file_name', detail: `file_name must be 1 to ${PAGE_LIMITS.fileNameMax} characters` });
    else if (hidden) out.push({ pointer: '/file_name', detail: `file_name ${invisibleProblem(hidden)}` });
  }
  if (!input.skipData) out.push(...dataProblems(kind, input.data ?? {}, '/data'));
  return out;
}

/** A deep copy of JSON data (block data is JSON); several times faster than structuredClone on the read path. */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const v = cloneJson((value as Record<string, unknown>)[k]);
    // An own "__proto__" key stays a plain key (assignment would set the prototype).
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out as T;
}

export const copyBlocks = (blocks: Block[]): Block[] => blocks.map((b) => ({ ...b, data: cloneJson(b.data) }));
