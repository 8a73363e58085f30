import ipaddr from 'ipaddr.js';

/**
 * Whether a URL's host is this machine: `localhost`, an address in 127.0.0.0/8, `::1`, or an IPv4-mapped form of
 * one of those (ipaddr.js classifies; the URL parser has already normalised forms such as `127.1`). No name is
 * resolved: any other name may be anywhere.
 */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'loopback';
}

/** The warning `listen` prints before connecting when the API key would cross the network in clear; null when it would not. */
export function plainHttpWarning(apiUrl: URL): string | null {
  if (apiUrl.protocol !== 'http:' || isLoopbackHost(apiUrl.hostname)) return null;
  return (
    `warning: ${apiUrl.origin} is plain http:// to another machine: the API key and every event cross the network ` +
    'unencrypted; use an https:// API URL'
  );
}
