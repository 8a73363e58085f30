import { DomainError } from '../../../platform/domain/domain-error.js';
import type { CreateDelivery, DeliveryCommand, RecordAttempt } from './commands.js';
import type { DeliveryCreated, DeliveryEvent } from './events.js';
import { checkReplaySince, DEFAULT_RETRY_POLICY, isSuccess, retryDelaySeconds, truncateError, type RetryPolicy } from './retry-policy.js';
import type { DeliveryState } from './state.js';
import { unreachable } from './unreachable.js';

/** A command that cannot apply to the delivery as it stands. */
export class DeliveryCommandRejectedError extends DomainError {
  constructor(message: string) {
    super('invalid_request', message);
  }
}

const addSeconds = (d: Date, seconds: number) => new Date(d.getTime() + Math.round(seconds * 1000));

export function decide(command: DeliveryCommand, state: DeliveryState | null, policy: RetryPolicy = DEFAULT_RETRY_POLICY): DeliveryEvent[] {
  switch (command.type) {
    case 'CreateDelivery':
      return decideCreate(command, state);
    case 'RecordAttempt':
      return decideAttempt(command, existing(state), policy);
    case 'Resend':
      existing(state);
      return [{ type: 'DeliveryRequeued', at: command.now, reason: 'RESEND', nextAttemptAt: command.now }];
    case 'HoldForDisabledEndpoint':
      return existing(state).status === 'PENDING' ? [{ type: 'DeliveryRecordedAsFailed', at: command.now }] : [];
    case 'RedactPayload':
      // Any status: a finished delivery can still be resent or replayed, and then sends the redacted payload.
      existing(state);
      return [{ type: 'PayloadRedacted', at: command.now, reason: 'PERSONAL_DATA_ERASED' }];
    case 'Replay': {
      checkReplaySince(command.since, command.now);
      const s = existing(state);
      if (s.status !== 'FAILED' || s.createdAt.getTime() < command.since.getTime()) return [];
      return [{ type: 'DeliveryRequeued', at: command.now, reason: 'REPLAY', nextAttemptAt: command.now }];
    }
    default:
      return unreachable(command);
  }
}

function existing(state: DeliveryState | null): DeliveryState {
  if (!state) throw new DeliveryCommandRejectedError('The delivery does not exist.');
  return state;
}

function decideCreate(c: CreateDelivery, state: DeliveryState | null): DeliveryEvent[] {
  if (state) throw new DeliveryCommandRejectedError(`Delivery ${state.id} already exists.`);
  const created: DeliveryCreated = {
    type: 'DeliveryCreated',
    deliveryId: c.deliveryId,
    endpointId: c.endpointId,
    workspaceId: c.workspaceId,
    eventId: c.eventId,
    eventType: c.eventType,
    at: c.now,
    nextAttemptAt: c.endpointActive ? c.now : null,
  };
  return c.endpointActive ? [created] : [created, { type: 'DeliveryRecordedAsFailed', at: c.now }];
}

function decideAttempt(c: RecordAttempt, s: DeliveryState, policy: RetryPolicy): DeliveryEvent[] {
  if (s.status !== 'PENDING')
    throw new DeliveryCommandRejectedError(`Delivery ${s.id} is ${s.status}; only a PENDING delivery can be attempted.`);
  const number = s.attemptCount + 1;
  const durationMs = Math.max(0, Math.round(c.outcome.durationMs));
  const { statusCode } = c.outcome;
  if (isSuccess(statusCode)) return [{ type: 'AttemptSucceeded', number, statusCode, durationMs, at: c.now }];

  const error = truncateError(c.outcome.error ?? (statusCode === null ? 'no response' : `HTTP ${statusCode}`));
  const inCycle = s.attemptsInCycle + 1;
  if (inCycle >= policy.maxAttempts) {
    return [
      { type: 'AttemptFailed', number, statusCode, error, durationMs, at: c.now, nextAttemptAt: null },
      { type: 'DeliveryFailed', at: c.now },
    ];
  }
  const nextAttemptAt = addSeconds(c.now, retryDelaySeconds(inCycle, c.jitter, policy));
  return [{ type: 'AttemptFailed', number, statusCode, error, durationMs, at: c.now, nextAttemptAt }];
}
