import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { SlowLane, type InFlightView } from '../../domain/fair-share.js';
import type { ClaimedDelivery } from '../ports/webhook.ports.js';

/** A tracked batch's hold on its deliveries: `attempted` frees one's attempt slot (its answer came), `release` its place in the process. */
export interface Slots {
  attempted: (c: ClaimedDelivery) => void;
  release: (c: ClaimedDelivery) => void;
}

/** Consecutive timed-out attempts that put an endpoint in the slow lane. */
export const SLOW_AFTER_TIMEOUTS = 3;

/**
 * What this process holds: the deliveries it has claimed and not yet recorded or given up on, in total (at most
 * WEBHOOK_MAX_IN_FLIGHT: this bounds the memory of the batches and of the recorder's queue); the attempts it has
 * started and not yet ended, per workspace and per endpoint (the claim's fair share keeps them within
 * WEBHOOK_WORKSPACE_MAX_IN_FLIGHT and WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: an attempt's slot frees when its answer or
 * time-out comes, while its outcome is still being recorded); the batches that carry them; and the slow lane.
 * The dispatcher's loop waits here for room before it claims, and for the batches in flight when it stops.
 */
@Injectable()
export class InFlightDeliveries implements InFlightView {
  private count = 0;
  private readonly byEndpoint = new Map<string, number>();
  private readonly byWorkspace = new Map<string, number>();
  private readonly batches = new Set<Promise<void>>();
  private roomFreed: (() => void) | null = null;
  readonly slowLane = new SlowLane(SLOW_AFTER_TIMEOUTS);
  readonly capacity: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.capacity = config.webhookDispatch.maxInFlight;
  }

  /** How many more deliveries may be claimed before the process's capacity is reached. */
  get room(): number {
    return this.capacity - this.count;
  }

  endpoint(endpointId: string): number {
    return this.byEndpoint.get(endpointId) ?? 0;
  }

  workspace(workspaceId: string): number {
    return this.byWorkspace.get(workspaceId) ?? 0;
  }

  isSlow(endpointId: string): boolean {
    return this.slowLane.isSlow(endpointId);
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

  /**
   * Runs a claimed batch, counting its attempts per workspace and endpoint until `run` says each one `attempted`
   * (or releases it), and its deliveries in total until `run` releases each one (recorded or given up on), or
   * ends. `run` must not throw.
   */
  track(claimed: readonly ClaimedDelivery[], run: (slots: Slots) => Promise<void>): Promise<void> {
    if (claimed.length === 0) return Promise.resolve();
    this.count += claimed.length;
    for (const c of claimed) {
      bump(this.byEndpoint, c.endpointId, 1);
      bump(this.byWorkspace, c.workspaceId, 1);
    }
    const open = new Set(claimed);
    const attempting = new Set(claimed);
    const attempted = (c: ClaimedDelivery) => {
      if (!attempting.delete(c)) return;
      bump(this.byEndpoint, c.endpointId, -1);
      bump(this.byWorkspace, c.workspaceId, -1);
      this.wake();
    };
    const release = (c: ClaimedDelivery) => {
      attempted(c);
      if (!open.delete(c)) return;
      this.count -= 1;
      this.wake();
    };
    const batch = run({ attempted, release }).finally(() => {
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

function bump(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
