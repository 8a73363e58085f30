import { describe, expect, it } from '@jest/globals';
import {
  claimDomain,
  domainLimit,
  isServed,
  proves,
  recordCheck,
  recordName,
  VERIFICATION,
  type CustomDomainState,
} from './custom-domain.js';

const T0 = new Date('2026-12-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const claim = () => claimDomain({ id: 'dom_1', workspaceId: 'ws_1', hostname: 'links.example.com', pageId: 'pg_1', token: 'tok', now: T0 });

/** Runs the checker as the worker would: each check at the instant the last one asked for. */
function checkUntil(s: CustomDomainState, found: (now: Date) => boolean, until: Date, manual = false) {
  const events = [];
  let state = s;
  while (state.nextCheckAt && state.nextCheckAt <= until) {
    const now = state.nextCheckAt;
    const r = recordCheck(state, found(now), now, manual);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

describe('a custom domain', () => {
  it('is claimed pending and unserved, first checked a minute later, at the TXT name of its hostname', () => {
    const s = claim();
    expect([s.status, isServed(s), s.nextCheckAt]).toEqual(['pending', false, at(MIN)]);
    expect(recordName(s.hostname)).toBe('_bio-page.links.example.com');
    expect(proves(s, ['v=spf1 -all', ' bio-page-verify=tok '])).toBe(true);
    expect(proves(s, ['bio-page-verify=other', 'bio-page-verify=tok2'])).toBe(false);
  });

  it('backs off while pending, doubling up to an hour apart', () => {
    let s = claim();
    const gaps: number[] = [];
    for (let i = 0; i < 10; i++) {
      const now = s.nextCheckAt!;
      s = recordCheck(s, false, now).state;
      gaps.push((s.nextCheckAt!.getTime() - now.getTime()) / MIN);
    }
    expect(gaps).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60, 60]);
    expect(s.status).toBe('pending');
  });

  it('is verified and served when its record appears, with one event, then checked daily', () => {
    const { state, events } = checkUntil(claim(), (now) => now >= at(3 * HOUR), at(4 * HOUR));
    expect([state.status, isServed(state), state.verifiedAt! >= at(3 * HOUR)]).toEqual(['verified', true, true]);
    expect(events).toEqual([{ type: 'DomainVerified', domainId: 'dom_1', hostname: 'links.example.com', at: state.verifiedAt }]);
    expect(state.nextCheckAt!.getTime() - state.lastCheckedAt!.getTime()).toBe(DAY);
  });

  it('fails when 7 days pass without the record, checked last at the window’s end, and is not checked again', () => {
    const { state, events } = checkUntil(claim(), () => false, at(30 * DAY));
    expect([state.status, state.nextCheckAt, state.lastCheckedAt]).toEqual(['failed', null, at(VERIFICATION.windowMs)]);
    expect(events).toEqual([
      { type: 'DomainVerificationFailed', domainId: 'dom_1', hostname: 'links.example.com', at: at(7 * DAY), reason: 'window_expired' },
    ]);
    // Only the API's check-now moves a failed domain, and only when the record is there.
    expect(recordCheck(state, true, at(31 * DAY)).state.status).toBe('failed');
    expect(recordCheck(state, false, at(31 * DAY), true).state.status).toBe('failed');
    const late = recordCheck(state, true, at(31 * DAY), true);
    expect([late.state.status, late.events.map((e) => e.type)]).toEqual(['verified', ['DomainVerified']]);
  });

  it('keeps serving 3 days after its record goes, then is pending again with a new window, and can come back', () => {
    const verified = recordCheck(claim(), true, at(MIN)).state;
    const removedAt = at(MIN + DAY); // the first daily check that misses it
    const { state, events } = checkUntil(verified, (now) => now < removedAt, at(MIN + 5 * DAY));
    expect(events).toEqual([
      {
        type: 'DomainVerificationFailed',
        domainId: 'dom_1',
        hostname: 'links.example.com',
        at: at(MIN + 4 * DAY),
        reason: 'record_removed',
      },
    ]);
    const whenPending = events[0]!.at;
    expect(whenPending.getTime() - removedAt.getTime()).toBe(VERIFICATION.graceMs);
    expect([state.status, isServed(state), state.pendingSince]).toEqual(['pending', false, whenPending]);
    const back = recordCheck(state, true, state.nextCheckAt!);
    expect([back.state.status, back.events.map((e) => e.type)]).toEqual(['verified', ['DomainVerified']]);
  });

  it('forgets a missed check once the record is found again', () => {
    const verified = recordCheck(claim(), true, at(MIN)).state;
    const missed = recordCheck(verified, false, at(DAY)).state;
    expect([missed.status, missed.missingSince]).toEqual(['verified', at(DAY)]);
    const found = recordCheck(missed, true, at(2 * DAY));
    expect([found.state.missingSince, found.state.verifiedAt, found.events]).toEqual([null, verified.verifiedAt, []]);
  });

  it('takes a check-now that misses without moving its schedule, and still fails once its window has passed', () => {
    const s = recordCheck(claim(), false, at(MIN)).state;
    const asked = recordCheck(s, false, at(2 * MIN), true);
    expect(asked.events).toEqual([]);
    expect([asked.state.checks, asked.state.nextCheckAt, asked.state.lastCheckedAt]).toEqual([s.checks, s.nextCheckAt, at(2 * MIN)]);
    const late = recordCheck(s, false, at(VERIFICATION.windowMs), true);
    expect([late.state.status, late.events.map((e) => e.type)]).toEqual(['failed', ['DomainVerificationFailed']]);
    expect(recordCheck(s, true, at(3 * MIN), true).state.status).toBe('verified');
  });

  it('is allowed by plan: none on free, one on creator, three on pro, none on a plan it does not know', () => {
    expect(['free', 'creator', 'pro', 'gold'].map(domainLimit)).toEqual([0, 1, 3, 0]);
  });
});
