import { Injectable } from '@nestjs/common';
import { Clock } from '../../platform/time/clock.js';
import { referrerLabel } from '../domain/analytics.js';
import { AnalyticsStore } from './analytics.ports.js';
import { VisitorHasher } from './visitor-hash.js';

export interface Visit {
  workspaceId: string;
  pageId: string;
  ip: string;
  userAgent: string;
  referer: string | undefined;
  /** hosts of the site itself: referrals from them count as Direct */
  ownHosts: readonly string[];
}

/** Turns live-page requests into analytics facts (a view of a page, a click on a LINK block). */
@Injectable()
export class VisitRecorder {
  constructor(
    private readonly store: AnalyticsStore,
    private readonly hasher: VisitorHasher,
    private readonly clock: Clock,
  ) {}

  view(v: Visit): Promise<void> {
    return this.store.record(this.fact(v, 'VIEW'));
  }

  click(v: Visit, link: { blockId: string; label: string; url: string }): Promise<void> {
    return this.store.record({ ...this.fact(v, 'CLICK'), link });
  }

  private fact(v: Visit, kind: 'VIEW' | 'CLICK') {
    const at = this.clock.now();
    return {
      workspaceId: v.workspaceId,
      pageId: v.pageId,
      kind,
      referrer: referrerLabel(v.referer, v.ownHosts),
      visitorHash: this.hasher.hash({ workspaceId: v.workspaceId, ip: v.ip, userAgent: v.userAgent, at }),
      at,
    };
  }
}
