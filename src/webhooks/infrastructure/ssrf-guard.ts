import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ValidationError } from '../../platform/domain/domain-error.js';
import { checkWebhookUrl } from '../domain/endpoint.js';
import type { SendTarget } from './webhook-sender.js';

/** The port through which the guard resolves a host name (a table in unit tests, the system resolver in production). */
export interface DnsResolver {
  resolve(hostname: string): Promise<{ address: string; family: 4 | 6 }[]>;
}

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), every address, in the order it answered. */
export class SystemDnsResolver implements DnsResolver {
  async resolve(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
    const found = await dns.lookup(hostname, { all: true, verbatim: true });
    return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  }
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const cidr = (s: string): Range => ipaddr.parseCIDR(s);

/**
 * Ranges ipaddr.js either does not name or names too broadly ('reserved'), checked before its own `range()`.
 * Everything ipaddr.js does not call 'unicast' is refused anyway; these only give a more precise name.
 */
const IPV4_NAMED: [string, Range[]][] = [
  ['unspecified', [cidr('0.0.0.0/8')]], // "this network" (RFC 791, 1122)
  ['ietfProtocolAssignments', [cidr('192.0.0.0/24')]], // RFC 6890
  ['documentation', [cidr('192.0.2.0/24'), cidr('198.51.100.0/24'), cidr('203.0.113.0/24')]], // RFC 5737
  ['benchmarking', [cidr('198.18.0.0/15')]], // RFC 2544
  ['broadcast', [cidr('255.255.255.255/32')]],
  ['reserved', [cidr('240.0.0.0/4')]], // RFC 1112 "future use"
];

const IPV6_NAMED: [string, Range[]][] = [
  ['documentation', [cidr('2001:db8::/32'), cidr('3fff::/20')]], // RFC 3849, RFC 9637
  ['siteLocal', [cidr('fec0::/10')]], // deprecated by RFC 3879
  ['teredo', [cidr('2001::/32')]], // RFC 4380: tunnels to an IPv4 host we cannot see
];

const NAT64_WELL_KNOWN = cidr('64:ff9b::/96'); // RFC 6052: the IPv4 address is the last 32 bits
const NAT64_LOCAL_USE = cidr('64:ff9b:1::/48'); // RFC 8215: local use, its prefix length is the operator's choice
const IPV4_MAPPED = cidr('::ffff:0:0/96'); // RFC 4291
const IPV4_TRANSLATED = cidr('::ffff:0:0:0/96'); // RFC 6145 (SIIT)
const IPV4_COMPATIBLE = cidr('::/96'); // RFC 4291, deprecated
const SIX_TO_FOUR = cidr('2002::/16'); // RFC 3056: 2002:AABB:CCDD::/48 embeds AA.BB.CC.DD
const GLOBAL_UNICAST = cidr('2000::/3'); // the only IPv6 space IANA hands out for global unicast

const v4From = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

function matchNamed(addr: ipaddr.IPv4 | ipaddr.IPv6, table: [string, Range[]][]): string | null {
  for (const [name, ranges] of table) if (ranges.some((r) => addr.match(r))) return name;
  return null;
}

function classifyV4(addr: ipaddr.IPv4): string {
  return matchNamed(addr, IPV4_NAMED) ?? addr.range();
}

function classifyV6(addr: ipaddr.IPv6): string {
  const p = addr.parts;
  const named = matchNamed(addr, IPV6_NAMED);
  if (named) return named;
  // Addresses that carry an IPv4 address: judged by the IPv4 address they lead to.
  if (addr.match(IPV4_MAPPED) || addr.match(IPV4_TRANSLATED) || addr.match(NAT64_WELL_KNOWN)) return classifyV4(v4From(p[6]!, p[7]!));
  if (addr.match(SIX_TO_FOUR)) return classifyV4(v4From(p[1]!, p[2]!));
  if (addr.match(NAT64_LOCAL_USE)) {
    // Where the IPv4 address sits depends on the operator's prefix length; refuse it whatever it embeds.
    const embedded = classifyV4(v4From(p[6]!, p[7]!));
    return embedded === 'unicast' ? 'nat64LocalUse' : embedded;
  }
  const range = addr.range(); // unspecified ::, loopback ::1, linkLocal, multicast, uniqueLocal, reserved, ...
  if (range !== 'unicast') return range;
  if (addr.match(IPV4_COMPATIBLE)) {
    const embedded = classifyV4(v4From(p[6]!, p[7]!));
    return embedded === 'unicast' ? 'ipv4Compatible' : embedded;
  }
  if (!addr.match(GLOBAL_UNICAST)) return 'reserved';
  return 'unicast';
}

/**
 * Names the range an IP address belongs to: 'unicast' for a public unicast address, else the range
 * ('private', 'loopback', 'linkLocal', 'carrierGradeNat', 'multicast', 'broadcast', 'unspecified', 'reserved',
 * 'benchmarking', 'documentation', 'uniqueLocal', 'siteLocal', 'teredo', ...). IPv4-mapped, IPv4-translated,
 * NAT64 and 6to4 IPv6 addresses are named by the IPv4 address they embed. Only the standard notations count
 * (dotted quad, RFC 4291 IPv6, optionally in brackets); anything else is 'invalid'. Pure, no I/O.
 */
export function classifyAddress(ip: string): string {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  const bare = zone >= 0 ? text.slice(0, zone) : text;
  if (isIP(bare) === 0 || !ipaddr.isValid(bare)) return 'invalid';
  const addr = ipaddr.parse(bare);
  const range = addr.kind() === 'ipv4' ? classifyV4(addr as ipaddr.IPv4) : classifyV6(addr as ipaddr.IPv6);
  // A zone index only means something on a link: never a public target.
  return range === 'unicast' && zone >= 0 ? 'zoneScoped' : range;
}

export type UnsafeTargetReason = 'invalid_url' | 'unresolvable' | 'forbidden_address';

/** A webhook URL the guard refuses. The message is a short reason, safe to show to the API user. */
export class UnsafeTargetError extends Error {
  constructor(
    message: string,
    readonly reason: UnsafeTargetReason,
    /** the refused address and its range, when an address was refused */
    readonly address?: { ip: string; range: string },
  ) {
    super(message);
    this.name = 'UnsafeTargetError';
  }
}

const RANGE_WORDS: Record<string, string> = {
  private: 'a private',
  loopback: 'a loopback',
  linkLocal: 'a link-local',
  carrierGradeNat: 'a carrier-grade NAT',
  multicast: 'a multicast',
  broadcast: 'a broadcast',
  unspecified: 'an unspecified',
  reserved: 'a reserved',
  benchmarking: 'a benchmarking',
  documentation: 'a documentation',
  ietfProtocolAssignments: 'a reserved',
  uniqueLocal: 'a unique-local',
  siteLocal: 'a site-local',
  deprecatedSiteLocal: 'a site-local',
  teredo: 'a Teredo',
  discard: 'a discard-only',
  nat64LocalUse: 'a local-use NAT64',
  ipv4Compatible: 'an IPv4-compatible',
  zoneScoped: 'a zone-scoped',
  invalid: 'an invalid',
};

const refusal = (verb: string, ip: string, range: string) =>
  new UnsafeTargetError(`url ${verb} ${RANGE_WORDS[range] ?? 'a non-public'} address (${ip})`, 'forbidden_address', { ip, range });

const unresolvable = () => new UnsafeTargetError('url host could not be resolved', 'unresolvable');

/**
 * Decides where a webhook may be sent, at creation and before every attempt: the URL syntax rules
 * (`checkWebhookUrl`), then the host's addresses, every one of which must be public unicast. It returns the
 * checked address so the sender connects there and nowhere else (no second DNS lookup).
 *
 * A `host:port` in `allowedTargets` (test-only `WEBHOOK_ALLOWED_TARGETS`) skips the port rule and the address
 * ranges; it still needs HTTPS and is still resolved and pinned.
 */
export class SsrfGuard {
  private readonly allowed: ReadonlySet<string>;

  constructor(
    private readonly resolver: DnsResolver,
    private readonly allowedTargets: readonly string[] = [],
  ) {
    this.allowed = new Set(allowedTargets.map((t) => t.trim().toLowerCase()).filter((t) => t !== ''));
  }

  async resolveTarget(rawUrl: string): Promise<SendTarget> {
    let checked: string;
    try {
      checked = checkWebhookUrl(rawUrl, this.allowedTargets);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      throw new UnsafeTargetError(err.errors?.map((e) => e.detail).join('; ') || 'url is not acceptable', 'invalid_url');
    }
    const url = new URL(checked);
    const allowed = this.allowed.has(`${url.hostname}:${url.port || '443'}`.toLowerCase());
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;

    // The WHATWG parser has already turned 2130706433, 0x7f.1, 0177.0.0.1, ... into a dotted quad, and an
    // IPv6 literal into its compressed form: a literal is checked as it is, without asking DNS.
    const literal = isIP(host) !== 0;
    let addresses: { address: string; family: 4 | 6 }[];
    if (literal) {
      addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
    } else {
      try {
        addresses = await this.resolver.resolve(host);
      } catch {
        throw unresolvable();
      }
      if (!Array.isArray(addresses) || addresses.length === 0) throw unresolvable();
    }

    // Refuse if ANY address is bad: a host with one public and one private address could be connected to either.
    for (const { address } of addresses) {
      const range = classifyAddress(address);
      if (range === 'invalid') throw refusal(literal ? 'points to' : 'resolves to', address, range);
      if (!allowed && range !== 'unicast') throw refusal(literal ? 'points to' : 'resolves to', address, range);
    }
    const first = addresses[0]!;
    return { url, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
  }
}
