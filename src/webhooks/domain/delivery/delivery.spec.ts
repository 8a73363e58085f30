import { describe, expect, it } from '@jest/globals';
import { type AttemptOutcome, type DeliveryCommand, type DeliveryEvent, type DeliveryState } from './model.js';
import {
  decide,
  decideAndFold,
  DEFAULT_RETRY_POLICY,
  evolve,
  fold,
  isSuccess,
  retryDelaySeconds,
  retryPolicyFrom,
  truncateError,
  type RetryPolicy,
} from './decider.js';

const t0 = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const S = 1000;
const DAY = 24 * 3600 * S;

// ---- given(events).when(command).then(events) ---------------------------------------------------------

function given(history: DeliveryEvent[] = [], policy?: RetryPolicy) {
  const state = fold(history);
  return {
    state,
    when(command: DeliveryCommand) {
      let events: DeliveryEvent[] | undefined;
      let error: unknown;
      try {
        events = decide(command, state, policy);
      } catch (e) {
        error = e;
      }
      return {
        // oxlint-disable-next-line unicorn/no-thenable -- given/when/then reads as the decider's spec; the object is never awaited
        then(expected: DeliveryEvent[]) {
          if (error) throw error;
          expect(events).toEqual(expected);
          return fold(expected, state);
        },
        thenRejects(code: string, pointer?: string) {
          expect(error).toBeDefined();
          expect((error as { code?: string }).code).toBe(code);
          if (pointer !== undefined) expect((error as { errors?: { pointer: string }[] }).errors?.map((e) => e.pointer)).toEqual([pointer]);
        },
        /** the emitted events, for assertions that are not an exact list */
        events(): DeliveryEvent[] {
          if (error) throw error;
          return events!;
        },
      };
    },
  };
}

const created = (nextAttemptAt: Date | null = t0, when = t0): DeliveryEvent => ({
  type: 'DeliveryCreated',
  deliveryId: 'dlv_1',
  endpointId: 'we_1',
  workspaceId: 'ws_1',
  eventId: 'whmsg_1',
  eventType: 'page.published',
  at: when,
  nextAttemptAt,
});
const create = (endpointActive = true, now = t0): DeliveryCommand => ({
  type: 'CreateDelivery',
  deliveryId: 'dlv_1',
  endpointId: 'we_1',
  workspaceId: 'ws_1',
  eventId: 'whmsg_1',
  eventType: 'page.published',
  now,
  endpointActive,
});
const attempt = (outcome: Partial<AttemptOutcome>, now: Date, jitter = 0): DeliveryCommand => ({
  type: 'RecordAttempt',
  outcome: { statusCode: null, error: null, durationMs: 12, ...outcome },
  now,
  jitter,
});
const http = (statusCode: number, now: Date, jitter = 0) =>
  attempt({ statusCode, error: statusCode >= 300 ? `HTTP ${statusCode}` : null }, now, jitter);

/** Runs commands one after another through decide/evolve, returning every event emitted. */
function run(commands: DeliveryCommand[], history: DeliveryEvent[] = [], policy?: RetryPolicy): DeliveryEvent[] {
  const all = [...history];
  let state = fold(history);
  for (const c of commands) {
    const events = decide(c, state, policy);
    all.push(...events);
    state = fold(events, state);
  }
  return all;
}

/** Fails every attempt, each at its scheduled time, until the delivery leaves PENDING or `n` attempts ran. */
function failRepeatedly(history: DeliveryEvent[], n: number, policy?: RetryPolicy, jitter = 0): DeliveryEvent[] {
  let events = history;
  for (let i = 0; i < n; i++) {
    const s = fold(events)!;
    if (s.status !== 'PENDING') break;
    events = run([http(503, s.nextAttemptAt!, jitter)], events, policy);
  }
  return events;
}

const DEFAULT_DELAYS = [30, 120, 600, 3600, 14400, 43200, 86400];

// ---- tests --------------------------------------------------------------------------------------------

describe('Delivery: creation', () => {
  it('for an active endpoint: PENDING, first attempt due at once', () => {
    const s = given()
      .when(create(true))
      .then([created(t0)])!;
    expect(s).toMatchObject({
      id: 'dlv_1',
      endpointId: 'we_1',
      workspaceId: 'ws_1',
      eventId: 'whmsg_1',
      eventType: 'page.published',
      status: 'PENDING',
    });
    expect(s).toMatchObject({
      attempts: [],
      attemptCount: 0,
      attemptsInCycle: 0,
      nextAttemptAt: t0,
      lastStatusCode: null,
      recordedWhileDisabled: false,
      version: 1,
    });
    expect(s.createdAt).toEqual(t0);
  });

  it('for a disabled endpoint: recorded FAILED with no attempt, flagged so it does not count toward consecutive failures', () => {
    const s = given()
      .when(create(false))
      .then([created(null), { type: 'DeliveryRecordedAsFailed', at: t0 }])!;
    expect(s).toMatchObject({
      status: 'FAILED',
      attempts: [],
      attemptCount: 0,
      nextAttemptAt: null,
      recordedWhileDisabled: true,
      version: 2,
    });
  });

  it('cannot be created twice', () => {
    given([created()]).when(create()).thenRejects('invalid_request');
  });

  it('other commands need an existing delivery', () => {
    given().when(http(200, t0)).thenRejects('invalid_request');
    given().when({ type: 'Resend', now: t0 }).thenRejects('invalid_request');
    given()
      .when({ type: 'Replay', now: t0, since: at(-DAY) })
      .thenRejects('invalid_request');
  });
});

describe('Delivery: attempts', () => {
  it('succeeds on the first 2xx', () => {
    const s = given([created()])
      .when(attempt({ statusCode: 204, durationMs: 87 }, at(S)))
      .then([{ type: 'AttemptSucceeded', number: 1, statusCode: 204, durationMs: 87, at: at(S) }])!;
    expect(s).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1, nextAttemptAt: null, lastStatusCode: 204 });
    expect(s.attempts).toEqual([{ number: 1, statusCode: 204, error: null, durationMs: 87, at: at(S) }]);
  });

  it.each([200, 201, 202, 299])('counts %i as delivered', (code) => {
    expect(given([created()]).when(http(code, t0)).events()[0]!.type).toBe('AttemptSucceeded');
  });

  it.each([
    ['a 3xx redirect', 301],
    ['a 1xx', 101],
    ['a 4xx', 404],
    ['a 410', 410],
    ['a 5xx', 500],
  ])('counts %s as a failure and schedules a retry', (_label, code) => {
    const s = given([created()])
      .when(attempt({ statusCode: code, error: `HTTP ${code}: nope`, durationMs: 40 }, t0))
      .then([
        {
          type: 'AttemptFailed',
          number: 1,
          statusCode: code,
          error: `HTTP ${code}: nope`,
          durationMs: 40,
          at: t0,
          nextAttemptAt: at(30 * S),
        },
      ])!;
    expect(s).toMatchObject({ status: 'PENDING', attemptCount: 1, attemptsInCycle: 1, nextAttemptAt: at(30 * S), lastStatusCode: code });
  });

  it('counts a network error (no status code) as a failure', () => {
    const s = given([created()])
      .when(attempt({ statusCode: null, error: 'timed out after 10000 ms', durationMs: 10_000 }, t0))
      .then([
        {
          type: 'AttemptFailed',
          number: 1,
          statusCode: null,
          error: 'timed out after 10000 ms',
          durationMs: 10_000,
          at: t0,
          nextAttemptAt: at(30 * S),
        },
      ])!;
    expect(s.lastStatusCode).toBeNull();
    expect(s.attempts[0]).toEqual({ number: 1, statusCode: null, error: 'timed out after 10000 ms', durationMs: 10_000, at: t0 });
  });

  it('summarises a failure that came without an error text', () => {
    const [e1] = given([created()])
      .when(attempt({ statusCode: 500, error: null }, t0))
      .events();
    const [e2] = given([created()])
      .when(attempt({ statusCode: null, error: null }, t0))
      .events();
    expect(e1).toMatchObject({ type: 'AttemptFailed', error: 'HTTP 500' });
    expect(e2).toMatchObject({ type: 'AttemptFailed', error: 'no response' });
  });

  it('truncates the error to 500 characters', () => {
    const [e] = given([created()])
      .when(attempt({ statusCode: 500, error: 'x'.repeat(2000) }, t0))
      .events();
    expect(e).toMatchObject({ type: 'AttemptFailed' });
    expect((e as { error: string }).error).toHaveLength(500);
    expect((e as { error: string }).error.endsWith('…')).toBe(true);
  });

  it('walks the whole ladder with the exact delays at jitter 0, then FAILED after the 8th failure', () => {
    const events = failRepeatedly([created()], 20);
    const failures = events.filter((e) => e.type === 'AttemptFailed');
    expect(failures.map((e) => e.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const delays = failures.slice(0, 7).map((e) => (e.nextAttemptAt!.getTime() - e.at.getTime()) / S);
    expect(delays).toEqual(DEFAULT_DELAYS);
    expect(failures[7]!.nextAttemptAt).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'DeliveryFailed', at: failures[7]!.at });
    // about 41 hours from the first to the last attempt
    expect((failures[7]!.at.getTime() - failures[0]!.at.getTime()) / 3600_000).toBeCloseTo(41.2, 1);
    const s = fold(events)!;
    expect(s).toMatchObject({
      status: 'FAILED',
      attemptCount: 8,
      attemptsInCycle: 8,
      nextAttemptAt: null,
      lastStatusCode: 503,
      recordedWhileDisabled: false,
    });
  });

  it('emits AttemptFailed(next null) + DeliveryFailed for the 8th failure', () => {
    const seven = failRepeatedly([created()], 7);
    const s = fold(seven)!;
    expect(s).toMatchObject({ status: 'PENDING', attemptsInCycle: 7 });
    given(seven)
      .when(http(500, s.nextAttemptAt!))
      .then([
        { type: 'AttemptFailed', number: 8, statusCode: 500, error: 'HTTP 500', durationMs: 12, at: s.nextAttemptAt!, nextAttemptAt: null },
        { type: 'DeliveryFailed', at: s.nextAttemptAt! },
      ]);
  });

  it('applies ±20% jitter: bounds at jitter -1 and +1', () => {
    for (const [jitter, factor] of [
      [-1, 0.8],
      [1, 1.2],
      [0.5, 1.1],
    ] as const) {
      const failures = failRepeatedly([created()], 8, undefined, jitter).filter((e) => e.type === 'AttemptFailed');
      const delays = failures.slice(0, 7).map((e) => (e.nextAttemptAt!.getTime() - e.at.getTime()) / S);
      delays.forEach((d, i) => expect(d).toBeCloseTo(DEFAULT_DELAYS[i]! * factor, 3));
    }
  });

  it('clamps jitter outside [-1, 1]', () => {
    expect(retryDelaySeconds(1, 5)).toBeCloseTo(36);
    expect(retryDelaySeconds(1, -5)).toBeCloseTo(24);
    expect(retryDelaySeconds(1, Number.NaN)).toBe(30);
  });

  it('allows no attempt after SUCCEEDED or FAILED', () => {
    const succeeded = run([http(200, t0)], [created()]);
    given(succeeded)
      .when(http(200, at(S)))
      .thenRejects('invalid_request');
    const failed = failRepeatedly([created()], 8);
    given(failed)
      .when(http(200, at(DAY * 3)))
      .thenRejects('invalid_request');
    given([created(null), { type: 'DeliveryRecordedAsFailed', at: t0 }])
      .when(http(200, t0))
      .thenRejects('invalid_request');
  });
});

describe('Delivery: resend', () => {
  it('re-queues a FAILED delivery at once and restarts the ladder: 8 more attempts numbered 9.., same event id', () => {
    const failed = failRepeatedly([created()], 8);
    const now = at(3 * DAY);
    const s = given(failed)
      .when({ type: 'Resend', now })
      .then([{ type: 'DeliveryRequeued', at: now, reason: 'RESEND', nextAttemptAt: now }])!;
    expect(s).toMatchObject({ status: 'PENDING', nextAttemptAt: now, attemptCount: 8, attemptsInCycle: 0, eventId: 'whmsg_1' });
    expect(s.attempts).toHaveLength(8); // the history is kept

    const again = failRepeatedly([...failed, { type: 'DeliveryRequeued', at: now, reason: 'RESEND', nextAttemptAt: now }], 20);
    const secondCycle = again.slice(failed.length + 1).filter((e) => e.type === 'AttemptFailed');
    expect(secondCycle.map((e) => e.number)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect(secondCycle.slice(0, 7).map((e) => (e.nextAttemptAt!.getTime() - e.at.getTime()) / S)).toEqual(DEFAULT_DELAYS);
    expect(secondCycle[0]!.at).toEqual(now);
    const end = fold(again)!;
    expect(end).toMatchObject({ status: 'FAILED', attemptCount: 16, attemptsInCycle: 8, eventId: 'whmsg_1' });
    expect(again.filter((e) => e.type === 'DeliveryFailed')).toHaveLength(2);
  });

  it('resends a SUCCEEDED delivery: it is sent again, numbering continues', () => {
    const ok = run([http(200, t0)], [created()]);
    const now = at(DAY);
    const s = given(ok)
      .when({ type: 'Resend', now })
      .then([{ type: 'DeliveryRequeued', at: now, reason: 'RESEND', nextAttemptAt: now }])!;
    expect(s).toMatchObject({ status: 'PENDING', attemptCount: 1, attemptsInCycle: 0, lastStatusCode: 200, nextAttemptAt: now });
    const [next] = decide(http(200, now), s);
    expect(next).toMatchObject({ type: 'AttemptSucceeded', number: 2 });
  });

  it('resends a PENDING delivery: the next attempt becomes immediate and the ladder restarts', () => {
    const pending = failRepeatedly([created()], 3);
    const now = at(60 * S);
    const s = given(pending)
      .when({ type: 'Resend', now })
      .then([{ type: 'DeliveryRequeued', at: now, reason: 'RESEND', nextAttemptAt: now }])!;
    expect(s).toMatchObject({ status: 'PENDING', attemptCount: 3, attemptsInCycle: 0, nextAttemptAt: now });
    expect(decide(http(500, now), s)[0]).toMatchObject({ number: 4, nextAttemptAt: at(90 * S) });
  });

  it('resends a delivery recorded while the endpoint was disabled and clears the flag', () => {
    const s = given([created(null), { type: 'DeliveryRecordedAsFailed', at: t0 }])
      .when({ type: 'Resend', now: at(S) })
      .then([{ type: 'DeliveryRequeued', at: at(S), reason: 'RESEND', nextAttemptAt: at(S) }])!;
    expect(s).toMatchObject({ status: 'PENDING', recordedWhileDisabled: false });
  });
});

describe('Delivery: payload redacted (docs/adr/0044)', () => {
  const redacted = (now: Date): DeliveryEvent => ({ type: 'PayloadRedacted', at: now, reason: 'PERSONAL_DATA_ERASED' });

  it('is recorded in every status and moves nothing but the version: status, schedule, attempts and counters stay', () => {
    const histories: DeliveryEvent[][] = [
      [created()], // PENDING, due now
      failRepeatedly([created()], 2), // PENDING, waiting for a retry
      run([http(200, t0)], [created()]), // SUCCEEDED
      failRepeatedly([created()], 8), // FAILED
      [created(null), { type: 'DeliveryRecordedAsFailed', at: t0 }], // FAILED while disabled
    ];
    for (const history of histories) {
      const before = fold(history)!;
      const now = at(5 * DAY);
      const after = given(history)
        .when({ type: 'RedactPayload', now })
        .then([redacted(now)])!;
      expect(after).toEqual({ ...before, updatedAt: now, version: before.version + 1 });
    }
  });

  it('a resend after it sends again, the ladder restarting as ever, and the log keeps both events in order', () => {
    const ok = run([http(200, t0)], [created()]);
    const events = run([{ type: 'RedactPayload', now: at(DAY) }, { type: 'Resend', now: at(2 * DAY) }, http(200, at(2 * DAY))], ok);
    expect(events.slice(ok.length).map((e) => e.type)).toEqual(['PayloadRedacted', 'DeliveryRequeued', 'AttemptSucceeded']);
    expect(fold(events)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 2, version: 5 });
  });

  it('is refused for a delivery that does not exist', () => {
    given().when({ type: 'RedactPayload', now: t0 }).thenRejects('invalid_request');
  });
});

describe('Delivery: replay', () => {
  const failed = () => failRepeatedly([created()], 8);
  const now = at(5 * DAY);

  it('re-queues a FAILED delivery created at or after since', () => {
    const s = given(failed())
      .when({ type: 'Replay', now, since: t0 })
      .then([{ type: 'DeliveryRequeued', at: now, reason: 'REPLAY', nextAttemptAt: now }])!;
    expect(s).toMatchObject({ status: 'PENDING', attemptsInCycle: 0, attemptCount: 8, nextAttemptAt: now, eventId: 'whmsg_1' });
  });

  it('re-queues a delivery recorded FAILED while the endpoint was disabled', () => {
    given([created(null), { type: 'DeliveryRecordedAsFailed', at: t0 }])
      .when({ type: 'Replay', now, since: at(-DAY) })
      .then([{ type: 'DeliveryRequeued', at: now, reason: 'REPLAY', nextAttemptAt: now }]);
  });

  it('skips a delivery created before since (no error: replay is a bulk operation)', () => {
    given(failed())
      .when({ type: 'Replay', now, since: at(1) })
      .then([]);
  });

  it('skips PENDING and SUCCEEDED deliveries', () => {
    given([created()]).when({ type: 'Replay', now, since: t0 }).then([]);
    given(run([http(200, t0)], [created()]))
      .when({ type: 'Replay', now, since: t0 })
      .then([]);
  });

  it('accepts since exactly 30 days back; refuses an older since with pointer /since', () => {
    const late = at(30 * DAY);
    given(failed())
      .when({ type: 'Replay', now: late, since: t0 })
      .then([{ type: 'DeliveryRequeued', at: late, reason: 'REPLAY', nextAttemptAt: late }]);
    given(failed())
      .when({ type: 'Replay', now: at(30 * DAY + 1), since: t0 })
      .thenRejects('invalid_request', '/since');
    // the window is checked whatever the delivery's state
    given([created()])
      .when({ type: 'Replay', now: at(31 * DAY), since: t0 })
      .thenRejects('invalid_request', '/since');
  });

  it('refuses an invalid since', () => {
    given(failed())
      .when({ type: 'Replay', now, since: new Date('nope') })
      .thenRejects('invalid_request', '/since');
  });
});

describe('Delivery: an injected ladder', () => {
  it('uses the configured delays and reuses the last entry when the list is shorter than 7', () => {
    const policy = retryPolicyFrom([1, 2]);
    const events = failRepeatedly([created()], 20, policy);
    const failures = events.filter((e) => e.type === 'AttemptFailed');
    expect(failures).toHaveLength(8);
    expect(failures.slice(0, 7).map((e) => (e.nextAttemptAt!.getTime() - e.at.getTime()) / S)).toEqual([1, 2, 2, 2, 2, 2, 2]);
    expect(fold(events)!.status).toBe('FAILED');
  });

  it('accepts fractional seconds and a different attempt count', () => {
    const policy: RetryPolicy = { maxAttempts: 3, delaysSeconds: [0.5] };
    const events = failRepeatedly([created()], 20, policy);
    const failures = events.filter((e) => e.type === 'AttemptFailed');
    expect(failures.map((e) => e.nextAttemptAt && e.nextAttemptAt.getTime() - e.at.getTime())).toEqual([500, 500, null]);
    expect(events.at(-1)!.type).toBe('DeliveryFailed');
  });

  it('falls back to the default ladder when none is configured, and refuses an empty one', () => {
    expect(retryPolicyFrom(undefined)).toBe(DEFAULT_RETRY_POLICY);
    expect(() => retryPolicyFrom([])).toThrow();
    expect(retryPolicyFrom([5, 6, 7, 8, 9, 10, 11, 12, 13]).maxAttempts).toBe(8);
  });
});

describe('Delivery: helpers', () => {
  it('retryDelaySeconds follows the default ladder', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelaySeconds(n, 0))).toEqual(DEFAULT_DELAYS);
    expect(retryDelaySeconds(4, -1)).toBeCloseTo(2880);
    expect(retryDelaySeconds(4, 1)).toBeCloseTo(4320);
    expect(() => retryDelaySeconds(0, 0)).toThrow(RangeError);
  });

  it('isSuccess is true for 2xx only', () => {
    expect([200, 204, 299].every(isSuccess)).toBe(true);
    expect([null, 100, 199, 300, 302, 400, 500].some(isSuccess)).toBe(false);
  });

  it('truncateError keeps short texts and bounds long ones to 500 characters', () => {
    expect(truncateError('boom')).toBe('boom');
    expect(truncateError('y'.repeat(500))).toBe('y'.repeat(500));
    expect(truncateError('y'.repeat(501))).toHaveLength(500);
    const emoji = truncateError('ab' + '😀'.repeat(400));
    expect(emoji.length).toBeLessThanOrEqual(500);
    expect(() => encodeURIComponent(emoji)).not.toThrow(); // no lone surrogate
  });
});

describe('Delivery: evolve and fold', () => {
  it('fold of decided events equals stepwise evolve, and version counts events', () => {
    const events = run([http(500, t0), { type: 'Resend', now: at(10 * S) }, http(200, at(11 * S))], [created()]);
    expect(events.map((e) => e.type)).toEqual(['DeliveryCreated', 'AttemptFailed', 'DeliveryRequeued', 'AttemptSucceeded']);
    let s: DeliveryState | null = null;
    for (const e of events) s = evolve(s, e);
    expect(fold(events)).toEqual(s);
    expect(s).toMatchObject({ version: 4, status: 'SUCCEEDED', attemptCount: 2, updatedAt: at(11 * S) });
    expect(s!.attempts.map((a) => a.number)).toEqual([1, 2]);
  });

  it('fold of nothing is null; evolve does not mutate the given state', () => {
    expect(fold([])).toBeNull();
    const s = fold([created()])!;
    const copy = structuredClone(s);
    evolve(s, { type: 'AttemptFailed', number: 1, statusCode: 500, error: 'HTTP 500', durationMs: 1, at: t0, nextAttemptAt: at(30 * S) });
    expect(s).toEqual(copy);
  });

  it('decideAndFold is one step: the decided events and the state they lead to, from nothing or from a stream', () => {
    const started = decideAndFold(create(), null, DEFAULT_RETRY_POLICY);
    expect(started.events).toEqual([created()]);
    expect(started.state).toEqual(fold([created()]));
    const next = decideAndFold(http(200, at(S)), started.state, DEFAULT_RETRY_POLICY);
    expect(next.events.map((e) => e.type)).toEqual(['AttemptSucceeded']);
    expect(next.state).toMatchObject({ version: 2, status: 'SUCCEEDED' });
    expect(started.state.version).toBe(1); // the given state is not moved
    expect(() => decideAndFold(http(200, t0), null, DEFAULT_RETRY_POLICY)).toThrow();
  });

  it('refuses a corrupt stream', () => {
    expect(() => evolve(null, { type: 'DeliveryFailed', at: t0 })).toThrow();
    expect(() => fold([created(), created()])).toThrow();
  });
});

describe('Delivery: due while its endpoint is disabled', () => {
  it('a PENDING delivery is held as FAILED with no attempt, flagged like one recorded while disabled', () => {
    const history = run([http(503, t0)], [created()]);
    const s = given(history)
      .when({ type: 'HoldForDisabledEndpoint', now: at(30 * S) })
      .then([{ type: 'DeliveryRecordedAsFailed', at: at(30 * S) }])!;
    expect(s).toMatchObject({ status: 'FAILED', attemptCount: 1, nextAttemptAt: null, recordedWhileDisabled: true });
  });

  it('a replay after re-enabling recovers it', () => {
    const held = run([http(503, t0), { type: 'HoldForDisabledEndpoint', now: at(30 * S) }], [created()]);
    const s = given(held)
      .when({ type: 'Replay', now: at(DAY), since: t0 })
      .then([{ type: 'DeliveryRequeued', at: at(DAY), reason: 'REPLAY', nextAttemptAt: at(DAY) }])!;
    expect(s).toMatchObject({ status: 'PENDING', recordedWhileDisabled: false, attemptsInCycle: 0 });
  });

  it('does nothing to a delivery that already left PENDING', () => {
    const done = run([http(200, t0)], [created()]);
    given(done)
      .when({ type: 'HoldForDisabledEndpoint', now: at(S) })
      .then([]);
  });
});
