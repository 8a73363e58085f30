export interface VisitFact {
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

/** Where visits go: the raw fact plus the daily rollups, in the transaction of the command that records them. */
export abstract class AnalyticsStore {
  abstract record(fact: VisitFact): Promise<void>;
}
