import { describe, expect, it } from '@jest/globals';
import { type DeliveryEvent, type DeliveryState } from './delivery/model.js';
import { decide, fold, type RetryPolicy } from './delivery/decider.js';
import { CONSECUTIVE_FAILURES_BEFORE_DISABLE, Endpoint } from './endpoint.js';
import { decideOutcomes, endpointCounterEffect, moveEndpointCounters, planRecording, type ClaimedOutcome } from './recording.js';

const t0 = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const policy: RetryPolicy = { maxAttempts: 3, delaysSeconds: [10] };

const anEndpoint = (id: string) =>
  Endpoint.register({
    id,
    workspaceId: 'ws_1',
    url: `https://hooks.example.com/${id}`,
    eventTypes: ['contact.created'],
    subscribable: ['contact.created'],
    secretRef: 'sec',
    now: t0,
  });

/** A PENDING delivery stream to `endpointId` (version 1), or one with more history. */
function aStream(id: string, endpointId: string, more: (s: DeliveryState) => DeliveryEvent[][] = () => []): DeliveryState {
  let state = fold(
    decide(
      {
        type: 'CreateDelivery',
        deliveryId: id,
        endpointId,
        workspaceId: 'ws_1',
        eventId: `whmsg_${id}`,
        eventType: 'contact.created',
        now: t0,
        endpointActive: true,
      },
      null,
      policy,
    ),
  )!;
  for (const events of more(state)) state = fold(events, state)!;
  return state;
}

const ok = (deliveryId: string, endpointId: string, claimedVersion = 1, now = at(1000)): ClaimedOutcome => ({
  deliveryId,
  workspaceId: 'ws_1',
  endpointId,
  claimedVersion,
  command: { type: 'RecordAttempt', outcome: { statusCode: 204, error: null, durationMs: 5 }, now, jitter: 0 },
});
const failed = (deliveryId: string, endpointId: string, claimedVersion = 1, now = at(1000)): ClaimedOutcome => ({
  deliveryId,
  workspaceId: 'ws_1',
  endpointId,
  claimedVersion,
  command: { type: 'RecordAttempt', outcome: { statusCode: 500, error: 'HTTP 500', durationMs: 5 }, now, jitter: 0 },
});
const hold = (deliveryId: string, endpointId: string, claimedVersion = 1): ClaimedOutcome => ({
  deliveryId,
  workspaceId: 'ws_1',
  endpointId,
  claimedVersion,
  command: { type: 'HoldForDisabledEndpoint', now: at(1000) },
});

const byId = <T extends { id: string }>(...xs: T[]) => new Map(xs.map((x) => [x.id, x]));

describe('endpointCounterEffect', () => {
  it('a success resets, the end of a ladder counts, anything else moves nothing', () => {
    expect(endpointCounterEffect([{ type: 'AttemptSucceeded', number: 1, statusCode: 200, durationMs: 1, at: t0 }])).toBe('succeeded');
    expect(
      endpointCounterEffect([
        { type: 'AttemptFailed', number: 3, statusCode: 500, error: 'x', durationMs: 1, at: t0, nextAttemptAt: null },
        { type: 'DeliveryFailed', at: t0 },
      ]),
    ).toBe('failed');
    expect(
      endpointCounterEffect([
        { type: 'AttemptFailed', number: 1, statusCode: 500, error: 'x', durationMs: 1, at: t0, nextAttemptAt: at(10_000) },
      ]),
    ).toBeNull();
    expect(endpointCounterEffect([{ type: 'DeliveryRecordedAsFailed', at: t0 }])).toBeNull();
    expect(endpointCounterEffect([])).toBeNull();
  });
});

describe('planRecording', () => {
  it('records a group with deliveries to two endpoints, one failing: each stream and each endpoint moves on its own', () => {
    const a = anEndpoint('we_a');
    const b = anEndpoint('we_b');
    // d3 is on its last attempt of the cycle (2 failed already): this failure ends it.
    const last = aStream('d3', 'we_b', (s) => {
      const f1 = decide(failed('d3', 'we_b').command, s, policy);
      const s1 = fold(f1, s)!;
      return [f1, decide(failed('d3', 'we_b', 2, at(20_000)).command, s1, policy)];
    });
    expect(last).toMatchObject({ status: 'PENDING', attemptsInCycle: 2, version: 3 });
    const plan = planRecording(
      [ok('d1', 'we_a'), failed('d2', 'we_b'), failed('d3', 'we_b', 3, at(40_000))],
      byId(aStream('d1', 'we_a'), aStream('d2', 'we_b'), last),
      byId(a, b),
      policy,
      at(50_000),
    );

    expect(plan.skipped).toEqual([]);
    expect(
      plan.appends.map((x) => [x.deliveryId, x.expectedVersion, x.events.map((e) => e.type), x.state.status, x.state.version]),
    ).toEqual([
      ['d1', 1, ['AttemptSucceeded'], 'SUCCEEDED', 2],
      ['d2', 1, ['AttemptFailed'], 'PENDING', 2],
      ['d3', 3, ['AttemptFailed', 'DeliveryFailed'], 'FAILED', 5],
    ]);
    expect(plan.appends[1]!.state.nextAttemptAt).toEqual(at(11_000));
    expect(plan.changedEndpoints).toEqual([a, b]);
    expect(a.snapshot()).toMatchObject({ consecutiveFailures: 0, lastSuccessAt: at(50_000), lastFailureAt: null });
    expect(b.snapshot()).toMatchObject({ consecutiveFailures: 1, lastSuccessAt: null, lastFailureAt: at(50_000), status: 'ACTIVE' });
    expect(plan.disabled).toEqual([]);
  });

  it('keeps the newer state of a delivery that moved since its claim (a resend in flight) and records the rest', () => {
    const a = anEndpoint('we_a');
    const resent = aStream('d1', 'we_a', () => [[{ type: 'DeliveryRequeued', at: at(500), reason: 'RESEND', nextAttemptAt: at(500) }]]);
    expect(resent.version).toBe(2);
    const plan = planRecording([failed('d1', 'we_a', 1), ok('d2', 'we_a')], byId(resent, aStream('d2', 'we_a')), byId(a), policy, at(1000));
    expect(plan.skipped).toEqual([{ deliveryId: 'd1', reason: 'moved' }]);
    expect(plan.appends.map((x) => x.deliveryId)).toEqual(['d2']);
    expect(a.snapshot().lastSuccessAt).toEqual(at(1000));
  });

  it('skips deliveries that are gone, or whose endpoint is gone', () => {
    const a = anEndpoint('we_a');
    const plan = planRecording(
      [ok('d1', 'we_a'), ok('d2', 'we_gone'), ok('d3', 'we_a')],
      byId(aStream('d2', 'we_gone'), aStream('d3', 'we_a')),
      byId(a),
      policy,
      at(1000),
    );
    expect(plan.skipped).toEqual([
      { deliveryId: 'd1', reason: 'gone' },
      { deliveryId: 'd2', reason: 'gone' },
    ]);
    expect(plan.appends.map((x) => x.deliveryId)).toEqual(['d3']);
  });

  it('decides a delivery listed twice once: the second outcome (claimed again after its lease ran out) finds it moved', () => {
    const a = anEndpoint('we_a');
    const plan = planRecording([failed('d1', 'we_a'), ok('d1', 'we_a')], byId(aStream('d1', 'we_a')), byId(a), policy, at(1000));
    expect(plan.appends).toHaveLength(1);
    expect(plan.appends[0]!.events.map((e) => e.type)).toEqual(['AttemptFailed']);
    expect(plan.skipped).toEqual([{ deliveryId: 'd1', reason: 'moved' }]);
    expect(plan.changedEndpoints).toEqual([]);
  });

  it('holds deliveries of a disabled endpoint as FAILED, but leaves them PENDING when it is active again', () => {
    const off = anEndpoint('we_off');
    off.disable(t0);
    const on = anEndpoint('we_on');
    const plan = planRecording(
      [hold('d1', 'we_off'), hold('d2', 'we_on')],
      byId(aStream('d1', 'we_off'), aStream('d2', 'we_on')),
      byId(off, on),
      policy,
      at(1000),
    );
    expect(plan.appends.map((x) => [x.deliveryId, x.events.map((e) => e.type), x.state.status, x.state.recordedWhileDisabled])).toEqual([
      ['d1', ['DeliveryRecordedAsFailed'], 'FAILED', true],
    ]);
    expect(plan.skipped).toEqual([{ deliveryId: 'd2', reason: 'endpoint_active' }]);
    expect(plan.changedEndpoints).toEqual([]); // recorded-while-disabled never counts
  });

  it('applies the outcomes in order: the 20th ended delivery disables the endpoint once, and later outcomes are still recorded', () => {
    const b = Endpoint.restore({ ...anEndpoint('we_b').snapshot(), consecutiveFailures: CONSECUTIVE_FAILURES_BEFORE_DISABLE - 2 });
    const onLast = (id: string) =>
      aStream(id, 'we_b', (s) => {
        const f1 = decide(failed(id, 'we_b').command, s, policy);
        return [f1, decide(failed(id, 'we_b', 2, at(20_000)).command, fold(f1, s)!, policy)];
      });
    const streams = byId(onLast('d1'), onLast('d2'), onLast('d3'), aStream('d4', 'we_b'));
    const plan = planRecording(
      [failed('d1', 'we_b', 3), failed('d2', 'we_b', 3), failed('d3', 'we_b', 3), ok('d4', 'we_b')],
      streams,
      byId(b),
      policy,
      at(60_000),
    );
    expect(plan.appends.map((x) => x.state.status)).toEqual(['FAILED', 'FAILED', 'FAILED', 'SUCCEEDED']);
    expect(plan.disabled).toEqual([
      {
        type: 'EndpointAutoDisabled',
        endpointId: 'we_b',
        workspaceId: 'ws_1',
        url: 'https://hooks.example.com/we_b',
        consecutiveFailures: 20,
        at: at(60_000),
      },
    ]);
    // The 21st failure counts without disabling again; the success after it resets the counter; the status stays DISABLED.
    expect(b.snapshot()).toMatchObject({
      status: 'DISABLED',
      disabledReason: 'CONSECUTIVE_FAILURES',
      consecutiveFailures: 0,
      lastSuccessAt: at(60_000),
    });
    expect(plan.changedEndpoints).toEqual([b]);
  });

  it('a hold after the endpoint was disabled earlier in the same group is recorded, as it would be one by one', () => {
    const b = Endpoint.restore({ ...anEndpoint('we_b').snapshot(), consecutiveFailures: CONSECUTIVE_FAILURES_BEFORE_DISABLE - 1 });
    const last = aStream('d1', 'we_b', (s) => {
      const f1 = decide(failed('d1', 'we_b').command, s, policy);
      return [f1, decide(failed('d1', 'we_b', 2, at(20_000)).command, fold(f1, s)!, policy)];
    });
    const plan = planRecording(
      [failed('d1', 'we_b', 3), hold('d2', 'we_b')],
      byId(last, aStream('d2', 'we_b')),
      byId(b),
      policy,
      at(60_000),
    );
    expect(plan.disabled).toHaveLength(1);
    expect(plan.appends.map((x) => [x.deliveryId, x.state.status])).toEqual([
      ['d1', 'FAILED'],
      ['d2', 'FAILED'],
    ]);
  });

  it('lists a command the decider refuses as rejected, without failing the group', () => {
    const a = anEndpoint('we_a');
    const done = aStream('d1', 'we_a', (s) => [decide(ok('d1', 'we_a').command, s, policy)]);
    const plan = planRecording([ok('d1', 'we_a', 2), ok('d2', 'we_a')], byId(done, aStream('d2', 'we_a')), byId(a), policy, at(1000));
    expect(plan.skipped).toEqual([{ deliveryId: 'd1', reason: 'rejected', detail: expect.stringMatching(/SUCCEEDED/) }]);
    expect(plan.appends.map((x) => x.deliveryId)).toEqual(['d2']);
  });
});

describe('decideOutcomes and moveEndpointCounters (new streams: decided from their first state, counted once written and locked)', () => {
  it('decides new streams from their standing alone, moving no endpoint', () => {
    const a = anEndpoint('we_a');
    const before = a.snapshot();
    const { appends, skipped } = decideOutcomes(
      [ok('d1', 'we_a'), failed('d2', 'we_a'), ok('d3', 'we_gone')],
      byId(aStream('d1', 'we_a'), aStream('d2', 'we_a'), aStream('d3', 'we_gone')),
      (id) => (id === 'we_gone' ? 'gone' : 'active'),
      policy,
    );
    expect(appends.map((x) => [x.deliveryId, x.state.status])).toEqual([
      ['d1', 'SUCCEEDED'],
      ['d2', 'PENDING'],
    ]);
    expect(skipped).toEqual([{ deliveryId: 'd3', reason: 'gone' }]);
    expect(a.snapshot()).toEqual(before);
  });

  it('moves the counters of the locked endpoints only, in order; the 20th failure in a row disables', () => {
    const a = anEndpoint('we_a');
    for (let i = 0; i < CONSECUTIVE_FAILURES_BEFORE_DISABLE - 1; i++) a.recordDeliveryFailed(at(0));
    const ended = { state: { ...aStream('d1', 'we_a'), status: 'FAILED' as const }, events: [{ type: 'DeliveryFailed', at: at(1) }] };
    const unlocked = { state: aStream('d2', 'we_b'), events: [{ type: 'DeliveryFailed', at: at(1) }] };
    const moved = moveEndpointCounters([ended, unlocked] as never, byId(a), at(2000));
    expect(moved.changedEndpoints).toEqual([a]);
    expect(moved.disabled.map((d) => d.endpointId)).toEqual(['we_a']);
    expect(a.snapshot()).toMatchObject({ status: 'DISABLED', consecutiveFailures: CONSECUTIVE_FAILURES_BEFORE_DISABLE });
  });
});
