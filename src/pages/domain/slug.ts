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
