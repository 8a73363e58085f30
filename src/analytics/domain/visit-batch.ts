import { dayOf } from './analytics.js';

/** A view or click as it is recorded: the referrer reduced to a host, the visitor to a daily-salted hash. */
export interface RecordedVisit {
  workspaceId: string;
  pageId: string;
  kind: 'VIEW' | 'CLICK';
  /** for a click: the LINK block, its label and its target (kept with the rollup, as they were clicked) */
  link?: { blockId: string; label: string; url: string };
  /** host of the referrer, or "Direct" */
  referrer: string;
  /** daily-salted hash of the visitor; never an IP address */
  visitorHash: string;
  at: Date;
}

export interface DayKey {
  workspaceId: string;
  /** UTC day, YYYY-MM-DD */
  day: string;
}

/**
 * What a batch of visits adds to the daily rollups: one row per rollup key with the batch's increments. Every
 * list is sorted by its key, so that two processes writing batches at once lock rollup rows in the same order
 * (no deadlock). Unique visitors are not counted here: the candidates go to the daily visitor set, and only
 * those new to it count (`withUniqueVisitors`).
 */
export interface BatchRollup {
  /** each (workspace, day, visitor) of the batch once */
  visitors: (DayKey & { visitorHash: string })[];
  totals: (DayKey & { views: number; clicks: number })[];
  referrers: (DayKey & { referrer: string; views: number })[];
  /** the label and URL of a link's latest click in the batch */
  links: (DayKey & { blockId: string; pageId: string; label: string; url: string; clicks: number })[];
}

const compareKeys = (a: string[], b: string[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] ?? '') < (b[i] ?? '') ? -1 : 1;
  return 0;
};

function sortedBy<T>(rows: Iterable<T>, key: (row: T) => string[]): T[] {
  return [...rows].sort((a, b) => compareKeys(key(a), key(b)));
}

/** Groups a batch of visits into the rollup rows it increments. */
export function rollUp(visits: readonly RecordedVisit[]): BatchRollup {
  const visitors = new Map<string, DayKey & { visitorHash: string }>();
  const totals = new Map<string, DayKey & { views: number; clicks: number }>();
  const referrers = new Map<string, DayKey & { referrer: string; views: number }>();
  const links = new Map<string, BatchRollup['links'][number]>();
  const latestClick = new Map<string, number>();
  for (const v of visits) {
    const day = dayOf(v.at);
    const dayKey = `${v.workspaceId}\u0000${day}`;
    visitors.set(`${dayKey}\u0000${v.visitorHash}`, { workspaceId: v.workspaceId, day, visitorHash: v.visitorHash });
    const total = totals.get(dayKey) ?? { workspaceId: v.workspaceId, day, views: 0, clicks: 0 };
    totals.set(dayKey, total);
    if (v.kind === 'VIEW') {
      total.views++;
      const key = `${dayKey}\u0000${v.referrer}`;
      const row = referrers.get(key) ?? { workspaceId: v.workspaceId, day, referrer: v.referrer, views: 0 };
      row.views++;
      referrers.set(key, row);
    } else {
      total.clicks++;
      if (!v.link) continue;
      const key = `${dayKey}\u0000${v.link.blockId}`;
      const row = links.get(key) ?? {
        workspaceId: v.workspaceId,
        day,
        blockId: v.link.blockId,
        pageId: v.pageId,
        label: '',
        url: '',
        clicks: 0,
      };
      row.clicks++;
      // The rollup keeps the link as it was last clicked.
      if (v.at.getTime() >= (latestClick.get(key) ?? -Infinity)) {
        latestClick.set(key, v.at.getTime());
        Object.assign(row, { pageId: v.pageId, label: v.link.label, url: v.link.url });
      }
      links.set(key, row);
    }
  }
  return {
    visitors: sortedBy(visitors.values(), (r) => [r.workspaceId, r.day, r.visitorHash]),
    totals: sortedBy(totals.values(), (r) => [r.workspaceId, r.day]),
    referrers: sortedBy(referrers.values(), (r) => [r.workspaceId, r.day, r.referrer]),
    links: sortedBy(links.values(), (r) => [r.workspaceId, r.day, r.blockId]),
  };
}

/** The totals with the number of visitors that were new to each day's set (`fresh`: the inserted ones). */
export function withUniqueVisitors(
  totals: BatchRollup['totals'],
  fresh: readonly DayKey[],
): (BatchRollup['totals'][number] & { uniqueVisitors: number })[] {
  const counts = new Map<string, number>();
  for (const f of fresh) counts.set(`${f.workspaceId}\u0000${f.day}`, (counts.get(`${f.workspaceId}\u0000${f.day}`) ?? 0) + 1);
  return totals.map((t) => ({ ...t, uniqueVisitors: counts.get(`${t.workspaceId}\u0000${t.day}`) ?? 0 }));
}
