/**
 * Sharing a dispatcher's capacity fairly (docs/adr/0093): the pure rules behind each claim.
 *
 * A claim does not take the soonest-due deliveries of the whole queue (one workspace's backlog would then hold
 * everybody else's work behind it). It looks at the endpoints that have due work and deals the free capacity
 * out one delivery at a time, round-robin: first across workspaces, so that tenants weigh equally whatever
 * their number of endpoints, then across the endpoints of each workspace. Each endpoint holds at most its
 * in-flight cap (a small one while it is in the slow lane), each workspace at most its own cap, and the
 * process at most its capacity. The round starts at a different workspace on every claim (`turn`), so a tie
 * never favours the same tenant twice in a row.
 */

/** An endpoint with due work, as the claim found it. */
export interface DueEndpoint {
  endpointId: string;
  workspaceId: string;
  /** due, unleased deliveries found (the claim looks no further than the endpoint's cap) */
  due: number;
}

/** What this process already holds, and which endpoints are in the slow lane. */
export interface InFlightView {
  endpoint(endpointId: string): number;
  workspace(workspaceId: string): number;
  isSlow(endpointId: string): boolean;
}

export interface ShareBounds {
  /** free capacity of the process for this claim */
  capacity: number;
  workspaceMaxInFlight: number;
  endpointMaxInFlight: number;
  slowEndpointMaxInFlight: number;
}

/** The in-flight cap of an endpoint. */
export function endpointCap(endpointId: string, inFlight: Pick<InFlightView, 'isSlow'>, bounds: ShareBounds): number {
  return inFlight.isSlow(endpointId) ? bounds.slowEndpointMaxInFlight : bounds.endpointMaxInFlight;
}

function rotate<T>(items: T[], turn: number): T[] {
  if (items.length === 0) return items;
  const k = ((turn % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

interface Lane {
  endpointId: string;
  room: number;
}

/**
 * How many deliveries to claim from each endpoint: a map from endpoint id to a positive count, dealt round-robin
 * (workspaces, then their endpoints) within every bound. Deterministic for a given `turn`.
 */
export function shareClaim(due: readonly DueEndpoint[], inFlight: InFlightView, bounds: ShareBounds, turn: number): Map<string, number> {
  const share = new Map<string, number>();
  let capacity = Math.max(0, bounds.capacity);
  if (capacity === 0) return share;

  const byWorkspace = new Map<string, Lane[]>();
  for (const d of due) {
    const room = Math.min(d.due, endpointCap(d.endpointId, inFlight, bounds) - inFlight.endpoint(d.endpointId));
    if (room <= 0) continue;
    const lanes = byWorkspace.get(d.workspaceId) ?? [];
    lanes.push({ endpointId: d.endpointId, room });
    byWorkspace.set(d.workspaceId, lanes);
  }
  let tenants = rotate(
    [...byWorkspace.keys()]
      .sort()
      .map((workspaceId) => ({
        room: bounds.workspaceMaxInFlight - inFlight.workspace(workspaceId),
        lanes: rotate(
          byWorkspace.get(workspaceId)!.sort((a, b) => (a.endpointId < b.endpointId ? -1 : 1)),
          turn,
        ),
        next: 0,
      }))
      .filter((t) => t.room > 0),
    turn,
  );

  while (capacity > 0 && tenants.length > 0) {
    for (const t of tenants) {
      if (capacity === 0) break;
      // The tenant's next endpoint that still has room: one delivery to it.
      const lane = t.lanes[t.next % t.lanes.length]!;
      share.set(lane.endpointId, (share.get(lane.endpointId) ?? 0) + 1);
      lane.room -= 1;
      t.room -= 1;
      capacity -= 1;
      if (lane.room === 0) t.lanes.splice(t.next % t.lanes.length, 1);
      else t.next += 1;
    }
    tenants = tenants.filter((t) => t.room > 0 && t.lanes.length > 0);
  }
  return share;
}

/**
 * The slow lane, a per-endpoint breaker: an endpoint whose last `threshold` attempts all ran into the time-out
 * is held to the slow lane's small in-flight cap (its attempts would each hold a slot for the whole time-out),
 * and leaves it with its first attempt that ends in time (any answer, or an error that is not a time-out).
 * Remembers at most `maxTracked` endpoints (the least recently seen are forgotten first).
 */
export class SlowLane {
  private readonly timeouts = new Map<string, number>();

  constructor(
    private readonly threshold = 3,
    private readonly maxTracked = 10_000,
  ) {}

  /** Records how an attempt of the endpoint ended. */
  record(endpointId: string, timedOut: boolean): void {
    const before = this.timeouts.get(endpointId);
    this.timeouts.delete(endpointId);
    if (!timedOut) return;
    this.timeouts.set(endpointId, (before ?? 0) + 1);
    while (this.timeouts.size > this.maxTracked) this.timeouts.delete(this.timeouts.keys().next().value!);
  }

  isSlow(endpointId: string): boolean {
    return (this.timeouts.get(endpointId) ?? 0) >= this.threshold;
  }

  /** Endpoints in the slow lane now. */
  get size(): number {
    let n = 0;
    for (const count of this.timeouts.values()) if (count >= this.threshold) n += 1;
    return n;
  }
}
