import ipaddr from 'ipaddr.js';

/** How much of a client address the logs keep (decisions.md, "Privacy in logs"). */
export const IPV4_LOGGED_PREFIX = 24;
export const IPV6_LOGGED_PREFIX = 48;

/**
 * A visitor's address as the logs may carry it: its network, IPv4 cut to /24 and IPv6 to /48 (an IPv4-mapped IPv6
 * address counts as IPv4), e.g. `203.0.113.0/24`, `2001:db8:1234::/48`. Anything that does not parse is `unknown`:
 * the raw text is never returned.
 */
export function clientNetwork(address: string | undefined): string {
  const bare = (address ?? '').replace(/%.*$/, ''); // an IPv6 zone (fe80::1%eth0) names a local interface
  if (!ipaddr.isValid(bare)) return 'unknown';
  const ip = ipaddr.process(bare);
  if (ip.kind() === 'ipv4')
    return `${ipaddr.IPv4.networkAddressFromCIDR(`${ip.toString()}/${IPV4_LOGGED_PREFIX}`).toString()}/${IPV4_LOGGED_PREFIX}`;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/${IPV6_LOGGED_PREFIX}`).toString()}/${IPV6_LOGGED_PREFIX}`;
}
