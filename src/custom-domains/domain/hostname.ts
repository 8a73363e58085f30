/**
 * A creator's own hostname (`links.example.com`), as the service stores and compares it: lower case, IDNA to punycode
 * (by the WHATWG URL parser, as a browser sends it in `Host`), no trailing dot. `hostnameProblem` says why a name can
 * never be one (decisions.md, "Custom domains"): an IP literal, a single label, `localhost`, a wildcard, longer than
 * 253 characters, or one of the service's own hosts.
 */

export const HOSTNAME_MAX = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type Hostname = { ok: true; hostname: string } | { ok: false; problem: string };

/** The stored form of `input`, or why it is no hostname a page can be served on; `ownHosts` are the service's. */
export function normalizeHostname(input: string, ownHosts: readonly string[]): Hostname {
  const raw = input.trim();
  const refuse = (problem: string): Hostname => ({ ok: false, problem });
  if (raw.length === 0) return refuse('hostname must not be empty');
  if (raw.includes('*')) return refuse('hostname must be one name, not a wildcard');
  if (raw.includes(':') && /^\[?[0-9a-f:.]+\]?$/i.test(raw)) return refuse('hostname must be a domain name, not an IP address');
  if (/[/:@?#\\\s[\]]/.test(raw)) return refuse('hostname must be a bare name such as links.example.com, without scheme, port or path');
  let host: string;
  try {
    host = new URL(`http://${raw}/`).hostname;
  } catch {
    return refuse('hostname must be a valid domain name');
  }
  host = host.replace(/\.$/, '');
  if (host.length > HOSTNAME_MAX) return refuse(`hostname must be at most ${HOSTNAME_MAX} characters`);
  const labels = host.split('.');
  // The URL parser turns every numeric form (127.1, 0x7f.0.0.1) into a dotted quad; a last label of digits is one too.
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return refuse('hostname must be a domain name, not an IP address');
  if (labels[labels.length - 1] === 'localhost') return refuse('hostname must not be localhost');
  if (labels.length < 2) return refuse('hostname must have at least two labels, such as links.example.com');
  if (labels.some((l) => !LABEL.test(l)))
    return refuse('hostname labels must be 1 to 63 letters, digits or hyphens, not starting or ending with one');
  if (ownHosts.some((own) => own.toLowerCase() === host)) return refuse("hostname must not be one of the service's own hosts");
  return { ok: true, hostname: host };
}
