import ipaddr from 'ipaddr.js';
import { KeyedSlots } from '../../../platform/domain/keyed-slots.js';

/** IPv6 addresses count by their /64: one subscriber's network, from which any number of addresses can be used. */
const IPV6_CLIENT_PREFIX = 64;

/**
 * Who a download is counted against: the client address as the service derives it (the socket's peer, or
 * `X-Forwarded-For` under TRUST_PROXY), IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by its /64.
 */
export function clientOf(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return address;
  const ip = ipaddr.process(bare);
  if (ip.kind() === 'ipv4') return ip.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/${IPV6_CLIENT_PREFIX}`).toString()}/${IPV6_CLIENT_PREFIX}`;
}

/** Why a download got no slot: its client holds FILE_DOWNLOADS_PER_CLIENT already, or the process FILE_DOWNLOADS_MAX. */
export type NoSlot = 'client' | 'process';

/**
 * The public downloads one process sends at once (docs/adr/0064, amended): at most `max` in all and `perClient` per
 * client. A slot is taken before the store is read and given back exactly once, when the download's connection
 * ends (sent, cut or timed out). Only clients holding slots are remembered: memory is bounded by `max`.
 */
export class DownloadSlots {
  private readonly slots: KeyedSlots<'client'>;

  constructor(
    readonly max: number,
    readonly perClient: number,
  ) {
    this.slots = new KeyedSlots([
      ['client', perClient],
      ['all', max],
    ]);
  }

  /** Downloads holding a slot now. */
  get inUse(): number {
    return this.slots.size;
  }

  /** Slots `client` holds now. */
  heldBy(client: string): number {
    return this.slots.heldBy('client', client);
  }

  /** A slot for a download of `client`: the function that gives it back (once, however often called), or why none. */
  take(client: string): (() => void) | NoSlot {
    const taken = this.slots.take({ client });
    return taken === 'all' ? 'process' : taken;
  }
}
