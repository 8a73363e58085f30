import { ValidationError } from '../../platform/domain/domain-error.js';

/**
 * A draft preview link (docs/adr/0043): a signed, expiring token naming a page and its workspace, kept nowhere.
 * These are its rules without the cryptography (the MAC is the application's `PreviewTokens`): how long a link
 * may live, the token's text and the checks that come before any MAC is computed.
 */
export const PREVIEW_LINK = {
  /** `expires_in` bounds and default, in seconds (decisions.md, operation 23) */
  expiresInMin: 60,
  expiresInMax: 604_800,
  expiresInDefault: 86_400,
  /**
   * The longest token read at all: two ids of at most 64 characters, an expiry and a tag fit well within it.
   * Anything longer is refused before a MAC is computed or a row is read.
   */
  tokenMaxLength: 200,
  /**
   * The highest preview epoch (a page's count of revocations, docs/adr/0062): PostgreSQL's `integer`, six base-36
   * characters in a token. At one revocation a second it is reached after 68 years.
   */
  epochMax: 2_147_483_647,
} as const;

/**
 * What a preview token says: which page, of which workspace, until when (whole seconds), and the page's preview
 * epoch when it was issued (docs/adr/0062): a link opens only while the page still has that epoch.
 */
export interface PreviewClaims {
  pageId: string;
  workspaceId: string;
  epoch: number;
  expiresAt: Date;
}

/**
 * The token formats: 2 (`<page>.<workspace>.<epoch>.<expiry>`, issued since docs/adr/0062) and 1 (`<page>.<workspace>.
 * <expiry>`, issued before it, read as epoch 0). Each has its own MAC context, so neither can pass for the other.
 */
export type PreviewTokenVersion = 1 | 2;

const ID = /^[A-Za-z0-9_]{1,64}$/;
const EXPIRY = /^[0-9a-z]{1,9}$/;
/** One spelling per number: no leading zeros. */
const EPOCH = /^(?:0|[1-9a-z][0-9a-z]{0,5})$/;
const TOKEN = /^[A-Za-z0-9_.-]+$/;

/** The claims of a link made at `now` that lives `expiresIn` seconds (at least that long, rounded up to a second). */
export function previewClaims(
  pageId: string,
  workspaceId: string,
  epoch: number,
  now: Date,
  expiresIn: number = PREVIEW_LINK.expiresInDefault,
): PreviewClaims {
  if (!Number.isInteger(expiresIn) || expiresIn < PREVIEW_LINK.expiresInMin || expiresIn > PREVIEW_LINK.expiresInMax) {
    throw ValidationError.field(
      '/expires_in',
      `expires_in must be an integer number of seconds from ${PREVIEW_LINK.expiresInMin} to ${PREVIEW_LINK.expiresInMax}`,
    );
  }
  if (!ID.test(pageId) || !ID.test(workspaceId)) throw new Error('a preview link names a page and a workspace by their ids');
  if (!isEpoch(epoch)) throw new Error(`a preview epoch is an integer from 0 to ${PREVIEW_LINK.epochMax}`);
  return { pageId, workspaceId, epoch, expiresAt: new Date((Math.ceil(now.getTime() / 1000) + expiresIn) * 1000) };
}

const isEpoch = (n: number) => Number.isInteger(n) && n >= 0 && n <= PREVIEW_LINK.epochMax;
const base36Seconds = (d: Date) => Math.floor(d.getTime() / 1000).toString(36);

/** The signed part of a token (format 2): `<page id>.<workspace id>.<epoch, base 36>.<expiry in seconds, base 36>`. */
export function encodeClaims(c: PreviewClaims): string {
  return `${c.pageId}.${c.workspaceId}.${c.epoch.toString(36)}.${base36Seconds(c.expiresAt)}`;
}

/**
 * The claims of a signed part and its format, or null when it is not one `encodeClaims` writes (format 2) or wrote
 * before docs/adr/0062 (format 1, three parts, read as epoch 0).
 */
export function decodeClaims(signed: string): { claims: PreviewClaims; version: PreviewTokenVersion } | null {
  const parts = signed.split('.');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const version: PreviewTokenVersion = parts.length === 4 ? 2 : 1;
  const [pageId, workspaceId] = parts as [string, string];
  const epochText = version === 2 ? parts[2]! : '0';
  const expiry = parts[parts.length - 1]!;
  if (!ID.test(pageId) || !ID.test(workspaceId) || !EPOCH.test(epochText) || !EXPIRY.test(expiry)) return null;
  const epoch = parseInt(epochText, 36);
  if (!isEpoch(epoch)) return null;
  return { claims: { pageId, workspaceId, epoch, expiresAt: new Date(parseInt(expiry, 36) * 1000) }, version };
}

/**
 * A token's signed part and tag (`<signed>.<tag>`), or null when its text cannot be a token: too long, a
 * character outside base64url and `.`, or no tag. Checked before any MAC is computed.
 */
export function splitToken(token: string): { signed: string; tag: string } | null {
  if (token.length === 0 || token.length > PREVIEW_LINK.tokenMaxLength || !TOKEN.test(token)) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || dot === token.length - 1) return null;
  return { signed: token.slice(0, dot), tag: token.slice(dot + 1) };
}

/** A link is usable until its expiry, not at it. */
export function isExpired(c: PreviewClaims, now: Date): boolean {
  return now.getTime() >= c.expiresAt.getTime();
}

/**
 * Whether a valid, unexpired link opens the page it names (docs/adr/0062): not while the page is archived, and never
 * once the page's preview epoch has moved past the link's (an archive or a revocation since it was issued).
 */
export function previewOpens(c: PreviewClaims, page: { status: string; previewEpoch: number }): boolean {
  return page.status !== 'ARCHIVED' && c.epoch === page.previewEpoch;
}

/** The preview epoch after one more revocation of every link issued so far. */
export function nextPreviewEpoch(epoch: number): number {
  if (epoch >= PREVIEW_LINK.epochMax) throw new Error(`a page's preview epoch cannot pass ${PREVIEW_LINK.epochMax}`);
  return epoch + 1;
}
