import type { DeliveryCommand } from './commands.js';
import { decide } from './decide.js';
import type { DeliveryEvent } from './events.js';
import { fold } from './evolve.js';
import type { RetryPolicy } from './retry-policy.js';
import type { DeliveryState } from './state.js';

/** A command decided against a stream, and the state its events lead to: what one append writes. */
export interface Step {
  events: DeliveryEvent[];
  state: DeliveryState;
}

/**
 * Decides `command` against `state` (null: a stream not started, which only `CreateDelivery` starts) and folds
 * the events into the next state. Throws what `decide` throws. No events: the state stays as it was.
 */
export function decideAndFold(command: DeliveryCommand, state: DeliveryState | null, policy: RetryPolicy): Step {
  const events = decide(command, state, policy);
  const next = fold(events, state);
  if (!next) throw new Error(`${command.type} does not start a delivery stream`);
  return { events, state: next };
}
