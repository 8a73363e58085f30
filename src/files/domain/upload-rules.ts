import { DomainError, ValidationError } from '../../platform/domain/domain-error.js';
import { withoutInvisible } from '../../platform/domain/invisible-characters.js';

/**
 * The types an uploaded file may have (docs/adr/0045): images a page shows and documents it offers for download.
 * Nothing a browser would run as a document of its own (SVG, HTML, XML) is among them.
 */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const isUploadType = (type: string): type is UploadType => (UPLOAD_TYPES as readonly string[]).includes(type);

/** Other spellings of an allowed type that clients send. */
const ALIASES: Record<string, UploadType> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/** `Image/PNG; charset=x` → `image/png`. */
function mediaType(declared: string): string {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  return ALIASES[type] ?? type;
}

const refuse = (detail: string) => ValidationError.field('/file', detail);
const ALLOWED = 'PNG, JPEG, WebP, GIF or PDF';

/**
 * The type of an upload: what its bytes are (`sniffed`, from their signature; undefined when no known signature
 * matched), which must be allowed and agree with the type its part declared. Anything else is refused with
 * 400 invalid_request at `/file`: an SVG or an HTML page is never stored, whatever it says it is.
 */
export function uploadTypeOf(declared: string | undefined, sniffed: string | undefined): UploadType {
  const said = declared ? mediaType(declared) : '';
  if (!sniffed || !isUploadType(sniffed)) {
    const what = said ? `declared as ${said}` : 'declared without a type';
    throw refuse(`The file (${what}) is not ${ALLOWED}: its bytes have none of those signatures. SVG, HTML and other types are refused.`);
  }
  if (said !== sniffed) {
    throw refuse(`The file is declared as ${said || '(no type)'} but its bytes are ${sniffed}: send the part's Content-Type ${sniffed}.`);
  }
  return sniffed;
}

/** Longest name kept, in characters (the file record allows 255). */
const NAME_MAX = 255;
/** The extension a name gets for each type, and the other spellings of it that a name may keep (any case). */
const EXTENSIONS: Record<UploadType, { given: string; kept: readonly string[] }> = {
  'image/png': { given: 'png', kept: ['png'] },
  'image/jpeg': { given: 'jpg', kept: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  'image/webp': { given: 'webp', kept: ['webp'] },
  'image/gif': { given: 'gif', kept: ['gif'] },
  'application/pdf': { given: 'pdf', kept: ['pdf'] },
};

/** What counts as a name's extension: after its last dot (not a leading one), up to 10 letters and digits, one letter at least. */
const EXTENSION = /(?<=[^.])\.([a-z0-9]*[a-z][a-z0-9]*)$/i;

/** Whether `name` already ends in one of the extensions of `type` (`photo.JPEG` for a JPEG). */
export const hasExtensionOf = (name: string, type: UploadType): boolean => {
  const ext = EXTENSION.exec(name)?.[1];
  return ext !== undefined && ext.length <= 10 && EXTENSIONS[type].kept.includes(ext.toLowerCase());
};

/**
 * `name` with the extension of the type its bytes are (docs/adr/0061): kept when it is already one of that type's
 * (`photo.jpeg` for a JPEG), replaced when it is another (`x.html` holding a PNG is `x.png`), added when there is
 * none (`report` holding a PDF is `report.pdf`; `v2.0` is `v2.0.pdf`). Cut to 255 characters, extension kept.
 */
export function nameForType(name: string, type: UploadType): string {
  if (hasExtensionOf(name, type)) return cut(name);
  const found = EXTENSION.exec(name);
  const stem = found && found[1]!.length <= 10 ? name.slice(0, found.index) : name;
  const ext = `.${EXTENSIONS[type].given}`;
  const chars = [...stem];
  return chars.length + ext.length <= NAME_MAX
    ? `${stem}${ext}`
    : `${chars
        .slice(0, NAME_MAX - ext.length)
        .join('')
        .trimEnd()}${ext}`;
}

function cut(name: string): string {
  const chars = [...name];
  if (chars.length <= NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? Array.from(name.slice(dot)) : [];
  return [...chars.slice(0, NAME_MAX - extension.length), ...extension].join('').trim();
}

/**
 * The name a file gets from its part's `filename`: the last path segment (browsers on Windows once sent whole
 * paths), cleaned of the characters nobody can see (controls, bidirectional formatting, zero-width: a name is
 * cleaned, not refused, docs/adr/0061), NFC-normalised, trimmed, with the extension of its type (nameForType) and
 * cut to 255 characters keeping it. Nothing usable left (no filename, `..`, only spaces): `file.<extension>`.
 */
export function uploadNameOf(filename: string | undefined, type: UploadType): string {
  const segment = (filename ?? '').normalize('NFC').split(/[/\\]/).pop()!;
  const cleaned = withoutInvisible(segment, 'line').trim();
  return /^\.*$/.test(cleaned) ? `file.${EXTENSIONS[type].given}` : nameForType(cleaned, type);
}

/** 422 storage_quota_exceeded: the upload would take the workspace's files past its storage quota. */
export class StorageQuotaExceededError extends DomainError {
  constructor(usedBytes: number, addBytes: number, quotaBytes: number) {
    super(
      'storage_quota_exceeded',
      `The workspace holds ${usedBytes} bytes of files; ${addBytes} more would pass its storage quota of ${quotaBytes} bytes.`,
    );
  }
}

/**
 * The storage quota: a workspace holds at most `quotaBytes` of files, the new one included. The caller reads
 * `usedBytes` under a lock that concurrent uploads of the workspace also take, so two of them cannot both pass.
 */
export function admitToStorageQuota(usedBytes: number, addBytes: number, quotaBytes: number): void {
  if (usedBytes + addBytes > quotaBytes) throw new StorageQuotaExceededError(usedBytes, addBytes, quotaBytes);
}
