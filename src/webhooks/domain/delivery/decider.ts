import { DomainError, ValidationError } from '../../../platform/domain/domain-error.js';
import type {
  AttemptRecord,
  CreateDelivery,
  DeliveryCommand,
  DeliveryCreated,
  DeliveryEvent,
  DeliveryState,
  RecordAttempt,
} from './model.js';

/**
 * The Delivery decider: the retry ladder's rules, `decide(command, state) -> events`, `evolve(state, event) -> state`,
 * and `decideAndFold`, what one append writes. Nothing here reads a clock, draws a random number or knows of SQL.
 */

export interface RetryPolicy {
  /** attempts per ladder cycle */
  maxAttempts: number;
  /** delay in seconds after failed attempt 1, 2, …; a short list reuses its last entry */
  delaysSeconds: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 8,
  delaysSeconds: Object.freeze([30, 120, 600, 3600, 14400, 43200, 86400]),
});

/** The policy for a configured ladder (`WEBHOOK_RETRY_DELAYS`), or the default when none is configured. */
export function retryPolicyFrom(delaysSeconds: readonly number[] | undefined): RetryPolicy {
  if (!delaysSeconds) return DEFAULT_RETRY_POLICY;
  if (delaysSeconds.length === 0 || !delaysSeconds.every((d) => Number.isFinite(d) && d >= 0)) {
    throw new Error('a retry ladder needs at least one non-negative delay');
  }
  return { maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts, delaysSeconds: [...delaysSeconds] };
}

export const JITTER_FRACTION = 0.2;
export const ERROR_MAX_LENGTH = 500;
export const REPLAY_WINDOW_MS = 30 * 24 * 3600 * 1000;

/** Only a 2xx response counts as delivered; 1xx, 3xx (redirects are not followed), 4xx and 5xx are failures. */
export function isSuccess(statusCode: number | null): statusCode is number {
  return statusCode !== null && Number.isInteger(statusCode) && statusCode >= 200 && statusCode <= 299;
}

/** Bounds an error summary to 500 characters (ending in `…` when cut), never splitting a surrogate pair. */
export function truncateError(s: string): string {
  if (s.length <= ERROR_MAX_LENGTH) return s;
  let end = ERROR_MAX_LENGTH - 1;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${s.slice(0, end)}…`;
}

/**
 * Seconds to wait after the `failedAttemptNumberInCycle`-th failed attempt of a cycle (1-based), with
 * ±20% jitter: base * (1 + 0.2 * jitter). Jitter outside [-1, 1] (or NaN) is clamped (NaN counts as 0).
 */
export function retryDelaySeconds(failedAttemptNumberInCycle: number, jitter: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  const ladder = policy.delaysSeconds;
  if (ladder.length === 0) throw new Error('the retry ladder is empty');
  if (!Number.isInteger(failedAttemptNumberInCycle) || failedAttemptNumberInCycle < 1)
    throw new RangeError('failed attempt numbers start at 1');
  const base = ladder[Math.min(failedAttemptNumberInCycle, ladder.length) - 1]!;
  const j = Number.isNaN(jitter) ? 0 : Math.max(-1, Math.min(1, jitter));
  return base * (1 + JITTER_FRACTION * j);
}

/** Validates a replay's `since`: at most 30 days before `now` (400 with pointer `/since` otherwise). */
export function checkReplaySince(since: Date, now: Date): void {
  if (Number.isNaN(since.getTime())) throw ValidationError.field('/since', 'since must be an RFC 3339 date-time with an offset');
  if (now.getTime() - since.getTime() > REPLAY_WINDOW_MS) throw ValidationError.field('/since', 'since must be within the last 30 days');
}

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

/** Exhaustiveness guard for the decider's switches. */
export function unreachable(x: never): never {
  throw new Error(`unhandled: ${JSON.stringify(x)}`);
}
