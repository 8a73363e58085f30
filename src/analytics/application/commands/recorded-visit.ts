import { referrerLabel } from '../../domain/analytics.js';
import type { RecordedVisit } from '../../domain/visit-batch.js';
import type { VisitorHasher } from '../visitor-hash.js';

/** A request for a live page, as the site sees it. */
export interface Visit {
  workspaceId: string;
  pageId: string;
  ip: string;
  userAgent: string;
  referer: string | undefined;
  /** hosts of the site itself: referrals from them count as Direct */
  ownHosts: readonly string[];
}

/** A visit as it is recorded: the referrer reduced to a host, the visitor to a daily-salted hash (never an IP). */
export function recordedVisit(v: Visit, kind: 'VIEW' | 'CLICK', hasher: VisitorHasher, at: Date): RecordedVisit {
  return {
    workspaceId: v.workspaceId,
    pageId: v.pageId,
    kind,
    referrer: referrerLabel(v.referer, v.ownHosts),
    visitorHash: hasher.hash({ workspaceId: v.workspaceId, ip: v.ip, userAgent: v.userAgent, at }),
    at,
  };
}
