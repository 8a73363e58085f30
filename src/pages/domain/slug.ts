export const SLUG_MAX = 48;

/** Words a slug may never be: they are (or may become) paths of the service's shared domain. */
export const RESERVED_SLUGS = new Set([
  'v1',
  'v2',
  'api',
  'docs',
  'admin',
  'p',
  'r',
  'preview',
  'static',
  'assets',
  'health',
  'metrics',
  'files',
  'login',
  'logout',
  'signup',
  'settings',
  'dashboard',
  'www',
  'app',
  'help',
  'support',
  'status',
  'about',
  'terms',
  'privacy',
  'new',
]);

/** The n-th candidate for a base: `base`, `base-2`, `base-3`, …, trimmed to fit; reserved words are skipped. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

/** The shortest slug a caller may choose (a derived slug may be shorter: "A" → `a`). */
export const SLUG_MIN = 3;

/** How long a page's former slug keeps answering a 301 to the new one, and stays its workspace's (decisions.md). */
export const SLUG_RESERVATION_DAYS = 90;

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Why `slug` cannot be chosen, or null when it can: lower-case ASCII letters, digits and single hyphens (none at
 * either end), SLUG_MIN..SLUG_MAX characters, not a reserved word. Whether another page holds it is not a rule of
 * its shape: the database answers that (slug_taken).
 */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX) return `slug must be ${SLUG_MIN} to ${SLUG_MAX} characters`;
  if (!SLUG_SHAPE.test(slug)) return 'slug may hold only lower-case letters a-z, digits and single hyphens between them';
  if (isReservedSlug(slug)) return `"${slug}" is a reserved word and cannot be a slug`;
  return null;
}

/** The instant a slug given up at `changedAt` stops redirecting and is free for any workspace again. */
export function slugReservedUntil(changedAt: Date): Date {
  return new Date(changedAt.getTime() + SLUG_RESERVATION_DAYS * 86_400_000);
}

/**
 * A slug's holder: the page that has it now (`expiresAt` null), or the page that gave it up, which keeps it (and
 * its 301) until `expiresAt`.
 */
export interface SlugClaim {
  workspaceId: string;
  expiresAt: Date | null;
}

/**
 * Whether a page of `workspaceId` may take a slug with this claim at `now`: a free slug, one whose reservation ran
 * out, or one its own workspace gave up (taking it back ends the redirect). A slug in use is never free.
 */
export function slugFreeFor(claim: SlugClaim | null, workspaceId: string, now: Date): boolean {
  if (claim === null) return true;
  if (claim.expiresAt === null) return false;
  return claim.workspaceId === workspaceId || claim.expiresAt.getTime() <= now.getTime();
}
