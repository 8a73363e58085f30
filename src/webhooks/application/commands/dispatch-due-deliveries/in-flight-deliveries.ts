import { Injectable } from '@nestjs/common';
import type { ClaimedDelivery } from '../../ports/dispatch.ports.js';

/** Deliveries this process may hold claimed and not yet recorded, over all its batches in flight. */
export const MAX_IN_FLIGHT = 1024;
/**
 * An endpoint with this many deliveries in flight here is left out of the next claims, so a slow receiver
 * (10 s time-outs) cannot take the whole of MAX_IN_FLIGHT: at most this plus one batch per endpoint.
 */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 256;

/**
 * The deliveries this process has claimed and not yet recorded or given up on, in total and per endpoint, and
 * the batches that carry them. The dispatch handler counts its batches here; the dispatcher's loop waits here
 * for room before it claims the next batch, and for the batches in flight when it stops.
 */
@Injectable()
export class InFlightDeliveries {
  private count = 0;
  private readonly byEndpoint = new Map<string, number>();
  private readonly batches = new Set<Promise<void>>();
  private roomFreed: (() => void) | null = null;

  /** How many more deliveries may be claimed before MAX_IN_FLIGHT is reached. */
  get room(): number {
    return MAX_IN_FLIGHT - this.count;
  }

  /** Resolves at the next release of a delivery in flight (or `wake()`); then look at `room` again. */
  nextRelease(): Promise<void> {
    return new Promise<void>((resolve) => (this.roomFreed = resolve));
  }

  /** Lets a caller waiting in `nextRelease()` go on (a stopping loop). */
  wake(): void {
    const resolve = this.roomFreed;
    this.roomFreed = null;
    resolve?.();
  }

  /** Endpoints with MAX_IN_FLIGHT_PER_ENDPOINT deliveries in flight here: the next claims leave them out. */
  saturated(): string[] {
    return [...this.byEndpoint].filter(([, n]) => n >= MAX_IN_FLIGHT_PER_ENDPOINT).map(([id]) => id);
  }

  /**
   * Runs a claimed batch, counting its deliveries in flight (in total and per endpoint) until `run` releases
   * each one (recorded or given up on), or ends. `run` must not throw.
   */
  track(claimed: readonly ClaimedDelivery[], run: (release: (c: ClaimedDelivery) => void) => Promise<void>): Promise<void> {
    if (claimed.length === 0) return Promise.resolve();
    this.count += claimed.length;
    for (const c of claimed) this.byEndpoint.set(c.endpointId, (this.byEndpoint.get(c.endpointId) ?? 0) + 1);
    const open = new Set(claimed);
    const release = (c: ClaimedDelivery) => {
      if (!open.delete(c)) return;
      this.count -= 1;
      const left = (this.byEndpoint.get(c.endpointId) ?? 1) - 1;
      if (left > 0) this.byEndpoint.set(c.endpointId, left);
      else this.byEndpoint.delete(c.endpointId);
      this.wake();
    };
    const batch = run(release).finally(() => {
      for (const c of open) release(c); // release() deletes c from the set: safe while iterating
      this.batches.delete(batch);
    });
    this.batches.add(batch);
    return batch;
  }

  /** Resolves when every batch in flight has ended, including those that start meanwhile. */
  async settled(): Promise<void> {
    while (this.batches.size > 0) await Promise.all(this.batches);
  }
}
