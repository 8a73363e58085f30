import type { DeliveryEvent } from './events.js';
import type { AttemptRecord, DeliveryState } from './state.js';
import { unreachable } from './unreachable.js';

export function evolve(state: DeliveryState | null, event: DeliveryEvent): DeliveryState {
  if (event.type === 'DeliveryCreated') {
    if (state) throw new Error(`delivery stream ${state.id}: DeliveryCreated after creation`);
    return {
      id: event.deliveryId,
      endpointId: event.endpointId,
      workspaceId: event.workspaceId,
      eventId: event.eventId,
      eventType: event.eventType,
      createdAt: event.at,
      updatedAt: event.at,
      status: 'PENDING',
      attempts: [],
      attemptCount: 0,
      attemptsInCycle: 0,
      nextAttemptAt: event.nextAttemptAt,
      lastStatusCode: null,
      recordedWhileDisabled: false,
      version: 1,
    };
  }
  if (!state) throw new Error(`delivery stream: ${event.type} before DeliveryCreated`);
  const base = { ...state, attempts: [...state.attempts], updatedAt: event.at, version: state.version + 1 };
  switch (event.type) {
    case 'DeliveryRecordedAsFailed':
      return { ...base, status: 'FAILED', nextAttemptAt: null, recordedWhileDisabled: true };
    case 'AttemptSucceeded':
      return {
        ...withAttempt(base, {
          number: event.number,
          statusCode: event.statusCode,
          error: null,
          durationMs: event.durationMs,
          at: event.at,
        }),
        status: 'SUCCEEDED',
        nextAttemptAt: null,
      };
    case 'AttemptFailed':
      return {
        ...withAttempt(base, {
          number: event.number,
          statusCode: event.statusCode,
          error: event.error,
          durationMs: event.durationMs,
          at: event.at,
        }),
        nextAttemptAt: event.nextAttemptAt,
      };
    case 'DeliveryFailed':
      return { ...base, status: 'FAILED', nextAttemptAt: null };
    case 'PayloadRedacted':
      // The bytes the next attempts send changed; the status, the schedule and the attempts did not.
      return base;
    case 'DeliveryRequeued':
      return { ...base, status: 'PENDING', nextAttemptAt: event.nextAttemptAt, attemptsInCycle: 0, recordedWhileDisabled: false };
    default:
      return unreachable(event);
  }
}

function withAttempt(s: DeliveryState, attempt: AttemptRecord): DeliveryState {
  return {
    ...s,
    attempts: [...s.attempts, attempt],
    attemptCount: s.attemptCount + 1,
    attemptsInCycle: s.attemptsInCycle + 1,
    lastStatusCode: attempt.statusCode,
  };
}

/** The state after a stream of events; null for an empty stream. */
export function fold(events: readonly DeliveryEvent[], initial: DeliveryState | null = null): DeliveryState | null {
  return events.reduce<DeliveryState | null>(evolve, initial);
}
