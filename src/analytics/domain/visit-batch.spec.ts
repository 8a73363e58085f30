import { describe, expect, it } from '@jest/globals';
import { rollUp, withUniqueVisitors, type RecordedVisit } from './visit-batch.js';

const at = (iso: string) => new Date(iso);
const view = (over: Partial<RecordedVisit> = {}): RecordedVisit => ({
  workspaceId: 'ws_b',
  pageId: 'pg_1',
  kind: 'VIEW',
  referrer: 'Direct',
  visitorHash: 'v1',
  at: at('2026-11-23T10:00:00Z'),
  ...over,
});
const click = (blockId: string, label: string, when: string, over: Partial<RecordedVisit> = {}): RecordedVisit =>
  view({ kind: 'CLICK', link: { blockId, label, url: `https://x.example/${label}` }, at: at(when), ...over });

describe('rollUp', () => {
  it('adds up views, clicks and referrers per workspace and UTC day', () => {
    const r = rollUp([
      view({ referrer: 'instagram.com' }),
      view({ referrer: 'instagram.com', visitorHash: 'v2' }),
      view(),
      click('blk_1', 'Shop', '2026-11-23T10:01:00Z'),
      view({ at: at('2026-11-24T00:00:00Z') }),
    ]);
    expect(r.totals).toEqual([
      { workspaceId: 'ws_b', day: '2026-11-23', views: 3, clicks: 1 },
      { workspaceId: 'ws_b', day: '2026-11-24', views: 1, clicks: 0 },
    ]);
    expect(r.referrers).toEqual([
      { workspaceId: 'ws_b', day: '2026-11-23', referrer: 'Direct', views: 1 },
      { workspaceId: 'ws_b', day: '2026-11-23', referrer: 'instagram.com', views: 2 },
      { workspaceId: 'ws_b', day: '2026-11-24', referrer: 'Direct', views: 1 },
    ]);
  });

  it('lists each visitor once per day, whatever they did', () => {
    const r = rollUp([view(), view(), click('blk_1', 'Shop', '2026-11-23T11:00:00Z'), view({ visitorHash: 'v2' })]);
    expect(r.visitors).toEqual([
      { workspaceId: 'ws_b', day: '2026-11-23', visitorHash: 'v1' },
      { workspaceId: 'ws_b', day: '2026-11-23', visitorHash: 'v2' },
    ]);
  });

  it('keeps a link as it was last clicked, whatever the order the clicks arrive in', () => {
    const r = rollUp([
      click('blk_1', 'New label', '2026-11-23T12:00:00Z'),
      click('blk_1', 'Old label', '2026-11-23T09:00:00Z'),
      click('blk_0', 'Other', '2026-11-23T09:30:00Z'),
    ]);
    expect(r.links).toEqual([
      {
        workspaceId: 'ws_b',
        day: '2026-11-23',
        blockId: 'blk_0',
        pageId: 'pg_1',
        label: 'Other',
        url: 'https://x.example/Other',
        clicks: 1,
      },
      {
        workspaceId: 'ws_b',
        day: '2026-11-23',
        blockId: 'blk_1',
        pageId: 'pg_1',
        label: 'New label',
        url: 'https://x.example/New label',
        clicks: 2,
      },
    ]);
  });

  it('sorts every list by its key, so concurrent writers lock rollup rows in one order', () => {
    const r = rollUp([view({ workspaceId: 'ws_z' }), view({ workspaceId: 'ws_a' }), view({ workspaceId: 'ws_m' })]);
    expect(r.totals.map((t) => t.workspaceId)).toEqual(['ws_a', 'ws_m', 'ws_z']);
    expect(r.visitors.map((t) => t.workspaceId)).toEqual(['ws_a', 'ws_m', 'ws_z']);
  });

  it('an empty batch adds nothing', () => {
    expect(rollUp([])).toEqual({ visitors: [], totals: [], referrers: [], links: [] });
  });
});

describe('withUniqueVisitors', () => {
  it('counts, per day, the visitors that were new to its set', () => {
    const totals = rollUp([view(), view({ visitorHash: 'v2' }), view({ workspaceId: 'ws_c' })]).totals;
    const fresh = [
      { workspaceId: 'ws_b', day: '2026-11-23' },
      { workspaceId: 'ws_b', day: '2026-11-23' },
    ];
    expect(withUniqueVisitors(totals, fresh).map((t) => [t.workspaceId, t.uniqueVisitors])).toEqual([
      ['ws_b', 2],
      ['ws_c', 0],
    ]);
  });
});
