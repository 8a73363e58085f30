import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Clock } from '../../platform/time/clock.js';
import { admitByAddress, type AddressWindow } from '../domain/view-counting.js';

/**
 * The per-address view limit of this process (SITE_VIEWS_PER_ADDRESS_PER_MINUTE views of one page per minute;
 * docs/adr/0037), in memory and bounded: at most SITE_VIEW_LIMIT_TRACKED (page, address) windows are kept, the
 * least recently seen forgotten first, and a window is forgotten once its minute is over. The address is held
 * only here, only for that minute, and never written anywhere.
 */
@Injectable()
export class AddressViewLimit {
  private readonly windows: LRUCache<string, AddressWindow>;
  private readonly limit: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.limit = config.site.viewsPerAddressPerMinute;
    this.windows = new LRUCache({ max: config.site.viewLimitTracked, ttl: 60_000, ttlAutopurge: false });
  }

  /** Whether this view of `pageId` from `address` counts; it is counted against the window when it does. */
  admit(pageId: string, address: string): boolean {
    const key = `${pageId}\n${address}`;
    const verdict = admitByAddress(this.windows.get(key), this.clock.now().getTime(), this.limit);
    if (verdict.counted) this.windows.set(key, verdict.window, { noUpdateTTL: verdict.window.counted > 1 });
    return verdict.counted;
  }
}
