/**
 * The API reference page (`/docs`, Swagger UI served by @nestjs/swagger), made fit for a phone: the UI's own page has
 * no viewport, so a phone lays it out 980 px wide. @nestjs/swagger offers no way to add to its `<head>`; the page is
 * amended as it is sent.
 */
export const API_REFERENCE_ROUTES = new Set(['/docs', '/docs/']);

const CHARSET = '<meta charset="UTF-8">';
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

export function withViewport(html: string): string {
  return html.includes(VIEWPORT) ? html : html.replace(CHARSET, `${CHARSET}\n  ${VIEWPORT}`);
}

/**
 * Swagger UI renders its server list as a `<select>` with no label (axe: select-name, critical). This script, run on the
 * page, names it (and any such control it renders later) for assistive technology.
 */
export const NAME_UNLABELLED_CONTROLS = `new MutationObserver(() => {
  const servers = document.getElementById('servers');
  if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'API server');
}).observe(document.body, { childList: true, subtree: true });`;
