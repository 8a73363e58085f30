import { describe, expect, it } from '@jest/globals';
import { shareClaim, SlowLane, type DueEndpoint, type InFlightView, type ShareBounds } from './fair-share.js';

const bounds: ShareBounds = { capacity: 100, workspaceMaxInFlight: 50, endpointMaxInFlight: 10, slowEndpointMaxInFlight: 2 };

function holding(endpoints: Record<string, number> = {}, workspaces: Record<string, number> = {}, slow: string[] = []): InFlightView {
  return {
    endpoint: (id) => endpoints[id] ?? 0,
    workspace: (id) => workspaces[id] ?? 0,
    isSlow: (id) => slow.includes(id),
  };
}

const due = (workspaceId: string, endpointId: string, n: number): DueEndpoint => ({ workspaceId, endpointId, due: n });
const total = (share: Map<string, number>) => [...share.values()].reduce((a, b) => a + b, 0);

describe('shareClaim', () => {
  it('gives a workspace with one due delivery its delivery even when another has a huge backlog', () => {
    const share = shareClaim(
      [...Array.from({ length: 10 }, (_, i) => due('ws_a', `ep_a${i}`, 1000)), due('ws_b', 'ep_b', 1)],
      holding(),
      { ...bounds, capacity: 5 },
      0,
    );
    expect(share.get('ep_b')).toBe(1);
    expect(total(share)).toBe(5);
  });

  it('deals capacity round-robin across workspaces first, whatever their number of endpoints', () => {
    const share = shareClaim(
      [...Array.from({ length: 10 }, (_, i) => due('ws_a', `ep_a${i}`, 100)), due('ws_b', 'ep_b', 100)],
      holding(),
      { ...bounds, capacity: 20, endpointMaxInFlight: 100 },
      0,
    );
    expect(share.get('ep_b')).toBe(10);
    expect(total(share)).toBe(20);
    // A's ten go to its ten endpoints, one each.
    for (let i = 0; i < 10; i++) expect(share.get(`ep_a${i}`)).toBe(1);
  });

  it('never gives an endpoint more than its cap minus what it holds, nor more than it has due', () => {
    const share = shareClaim([due('ws_a', 'ep_1', 100), due('ws_a', 'ep_2', 3)], holding({ ep_1: 7 }), bounds, 0);
    expect(share.get('ep_1')).toBe(3);
    expect(share.get('ep_2')).toBe(3);
  });

  it('holds an endpoint in the slow lane to the slow cap', () => {
    const share = shareClaim([due('ws_a', 'ep_hang', 100), due('ws_a', 'ep_ok', 100)], holding({ ep_hang: 1 }, {}, ['ep_hang']), bounds, 0);
    expect(share.get('ep_hang')).toBe(1);
    expect(share.get('ep_ok')).toBe(10);
  });

  it('holds a workspace to its cap over all its endpoints', () => {
    const share = shareClaim(
      Array.from({ length: 10 }, (_, i) => due('ws_a', `ep_${i}`, 100)),
      holding({}, { ws_a: 45 }),
      bounds,
      0,
    );
    expect(total(share)).toBe(5);
  });

  it('claims nothing without capacity, and skips endpoints and workspaces that are full', () => {
    expect(shareClaim([due('ws_a', 'ep_1', 5)], holding(), { ...bounds, capacity: 0 }, 0).size).toBe(0);
    expect(shareClaim([due('ws_a', 'ep_1', 5)], holding({ ep_1: 10 }), bounds, 0).size).toBe(0);
    expect(shareClaim([due('ws_a', 'ep_1', 5)], holding({}, { ws_a: 50 }), bounds, 0).size).toBe(0);
    expect(shareClaim([], holding(), bounds, 0).size).toBe(0);
  });

  it('starts the round at another workspace on each turn, so a tie does not favour one tenant', () => {
    const endpoints = ['a', 'b', 'c'].map((w) => due(`ws_${w}`, `ep_${w}`, 10));
    const firsts = [0, 1, 2].map((turn) => [...shareClaim(endpoints, holding(), { ...bounds, capacity: 1 }, turn).keys()][0]);
    expect(new Set(firsts)).toEqual(new Set(['ep_a', 'ep_b', 'ep_c']));
  });

  it('uses all the capacity while any endpoint has room', () => {
    const share = shareClaim([due('ws_a', 'ep_1', 4), due('ws_b', 'ep_2', 100)], holding(), { ...bounds, capacity: 12 }, 3);
    expect(share.get('ep_1')).toBe(4);
    expect(share.get('ep_2')).toBe(8);
  });
});

describe('SlowLane', () => {
  it('puts an endpoint in the slow lane after consecutive time-outs and lets it out on an answer in time', () => {
    const lane = new SlowLane(3);
    lane.record('ep', true);
    lane.record('ep', true);
    expect(lane.isSlow('ep')).toBe(false);
    lane.record('ep', true);
    expect(lane.isSlow('ep')).toBe(true);
    expect(lane.size).toBe(1);
    lane.record('ep', false);
    expect(lane.isSlow('ep')).toBe(false);
  });

  it('counts only consecutive time-outs', () => {
    const lane = new SlowLane(2);
    lane.record('ep', true);
    lane.record('ep', false);
    lane.record('ep', true);
    expect(lane.isSlow('ep')).toBe(false);
  });

  it('remembers a bounded number of endpoints', () => {
    const lane = new SlowLane(1, 3);
    for (const id of ['a', 'b', 'c', 'd']) lane.record(id, true);
    expect(lane.isSlow('a')).toBe(false);
    expect(lane.isSlow('d')).toBe(true);
    expect(lane.size).toBe(3);
  });
});
