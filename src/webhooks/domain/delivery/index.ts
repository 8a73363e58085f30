/**
 * One webhook event on its way to one endpoint, event-sourced as a pure decider:
 * `decide(command, state) -> events` and `evolve(state, event) -> state`.
 *
 * Nothing here reads a clock or draws a random number: `now` and the retry `jitter` come in on the commands,
 * and the retry ladder comes in as a policy (config `WEBHOOK_RETRY_DELAYS` replaces it in tests).
 *
 * Choices the spec leaves open:
 * - An event for a DISABLED endpoint is recorded by two events in one append: `DeliveryCreated` (with
 *   `nextAttemptAt` null) followed by `DeliveryRecordedAsFailed`. The delivery is FAILED with no attempt and
 *   `recordedWhileDisabled` true, so a replay after re-enabling recovers it and it never counts toward the
 *   endpoint's `consecutive_failures` (only `DeliveryFailed`, the end of a ladder, does).
 * - Resend is allowed in every status. Resending a SUCCEEDED delivery sends it again (as Stripe does);
 *   resending a PENDING one makes its next attempt immediate. Either way the ladder restarts with up to
 *   `maxAttempts` more attempts, attempt numbers keep counting and the event id (webhook-id) never changes.
 * - A ladder shorter than `maxAttempts - 1` entries reuses its last entry for the remaining steps.
 */

export * from './state.js';
export * from './events.js';
export * from './commands.js';
export * from './retry-policy.js';
export * from './decide.js';
export * from './evolve.js';
export * from './step.js';
