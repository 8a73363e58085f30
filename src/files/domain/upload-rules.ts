import { DomainError, ValidationError } from '../../platform/domain/domain-error.js';

/**
 * The types an uploaded file may have (docs/adr/0045): images a page shows and documents it offers for download.
 * Nothing a browser would run as a document of its own (SVG, HTML, XML) is among them.
 */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

const isUploadType = (type: string): type is UploadType => (UPLOAD_TYPES as readonly string[]).includes(type);

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
const EXTENSIONS: Record<UploadType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/**
 * The name a file gets from its part's `filename`: the last path segment (browsers on Windows once sent whole
 * paths), without control characters, NFC-normalised, trimmed and cut to 255 characters keeping its extension.
 * Nothing usable left (no filename, `..`, only spaces): `file.<extension of its type>`.
 */
export function uploadNameOf(filename: string | undefined, type: UploadType): string {
  const segment = (filename ?? '').normalize('NFC').split(/[/\\]/).pop()!;
  // eslint-disable-next-line no-control-regex
  const cleaned = segment.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const name = /^\.*$/.test(cleaned) ? `file.${EXTENSIONS[type]}` : cleaned;
  const chars = [...name];
  if (chars.length <= NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? Array.from(name.slice(dot)) : [];
  return [...chars.slice(0, NAME_MAX - extension.length), ...extension].join('').trim();
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
