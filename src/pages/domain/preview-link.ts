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
} as const;

/** What a preview token says: which page, of which workspace, until when (whole seconds). */
export interface PreviewClaims {
  pageId: string;
  workspaceId: string;
  expiresAt: Date;
}

const ID = /^[A-Za-z0-9_]{1,64}$/;
const EXPIRY = /^[0-9a-z]{1,9}$/;
const TOKEN = /^[A-Za-z0-9_.-]+$/;

/** The claims of a link made at `now` that lives `expiresIn` seconds (at least that long, rounded up to a second). */
export function previewClaims(
  pageId: string,
  workspaceId: string,
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
  return { pageId, workspaceId, expiresAt: new Date((Math.ceil(now.getTime() / 1000) + expiresIn) * 1000) };
}

/** The signed part of a token: `<page id>.<workspace id>.<expiry in seconds, base 36>`. */
export function encodeClaims(c: PreviewClaims): string {
  return `${c.pageId}.${c.workspaceId}.${Math.floor(c.expiresAt.getTime() / 1000).toString(36)}`;
}

/** The claims of a signed part, or null when it is not one `encodeClaims` writes. */
export function decodeClaims(signed: string): PreviewClaims | null {
  const parts = signed.split('.');
  if (parts.length !== 3) return null;
  const [pageId, workspaceId, expiry] = parts as [string, string, string];
  if (!ID.test(pageId) || !ID.test(workspaceId) || !EXPIRY.test(expiry)) return null;
  return { pageId, workspaceId, expiresAt: new Date(parseInt(expiry, 36) * 1000) };
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
