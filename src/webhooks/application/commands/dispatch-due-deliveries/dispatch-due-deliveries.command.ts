import { Command } from '@nestjs/cqrs';

/** Deliveries claimed at a time. */
export const BATCH = 256;

export interface DispatchResult {
  /** how many deliveries were claimed (0: nothing was due) */
  claimed: number;
  /** when nothing was claimed: when the next unleased delivery falls due (null: none is pending) */
  nextDue: Date | null;
  /** due work was left for later because a bound was reached: claim again when room frees up */
  held: boolean;
}

/**
 * Claims up to `limit` due deliveries, sends them and records their outcomes. With `awaitOutcomes` it resolves
 * once every claimed delivery has been sent and recorded (or given up on: its lease runs out); without it,
 * once the batch is claimed, and the sends and records go on in the background, so the dispatcher's loop can
 * claim its next batch meanwhile (pipelining, docs/adr/0022).
 */
export class DispatchDueDeliveriesCommand extends Command<DispatchResult> {
  constructor(
    readonly limit: number = BATCH,
    readonly awaitOutcomes: boolean = true,
  ) {
    super();
  }
}
