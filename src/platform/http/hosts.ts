/**
 * A host name as a request's `Host` header or a TLS client gives it, in the form custom domains are stored and compared
 * in (docs/adr/0094): lower case, without a port or a trailing dot.
 */
export function hostOf(given: string): string {
  return given.trim().toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');
}

/** The service's own hosts, which are never a creator's domain: the API's and the live site's. */
export function ownHostsOf(urls: { publicApiUrl: string; publicSiteUrl: string }): string[] {
  return [...new Set([new URL(urls.publicApiUrl).hostname, new URL(urls.publicSiteUrl).hostname])];
}
