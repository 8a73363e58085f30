import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DOMAIN_NOTICE } from '../../custom-domains/index.js';
import { LIVE_PAGES_CHANNEL } from '../../pages/index.js';
import { PgListener } from '../../platform/database/pg-listener.js';
import { DatabaseOutage } from '../../platform/observability/database-outage.js';
import { Sql } from '../../platform/database/sql.js';
import { LiveSite } from '../application/live-site.js';

/**
 * Keeps this process's live-page cache and custom-domain lookups true: LISTENs on the pages' change channel (the
 * pages context notifies the slug at commit, whichever process made the change; the custom-domains context a
 * `domain:<hostname>`) and drops what changed; while the connection is lost every
 * view loads its page (what the cache holds serves only an outage), and when the listener hears again nothing it
 * held is served before it is loaded again (docs/adr/0092, 0037). Only a process that
 * serves HTTP listens: the CLI and the worker show no pages.
 */
@Injectable()
export class LivePageChangesListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveSite');
  private listener: PgListener | null = null;

  constructor(
    private readonly db: Sql,
    private readonly site: LiveSite,
    private readonly http: HttpAdapterHost,
    private readonly outage: DatabaseOutage,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.http.httpAdapter) return;
    const cache = this.site.pages;
    const domains = this.site.domains;
    this.listener = new PgListener(
      this.db.listenPool,
      LIVE_PAGES_CHANNEL,
      (payload) => {
        if (!payload.startsWith(DOMAIN_NOTICE)) return cache.changed(payload);
        // A custom domain verified, lost, re-pointed or removed (docs/adr/0094): its lookup goes, and so does every
        // kept page (each knows the domain it lives at; such changes are rare).
        domains.changed(payload.slice(DOMAIN_NOTICE.length));
        cache.changedAll();
      },
      {
        onListening: () => {
          cache.resume();
          domains.resume();
        },
        onLost: (err) => {
          cache.suspend();
          domains.suspend();
          if (err === undefined) return; // stop(): the process is shutting down, nothing to report
          // The database going away is logged once, as the outage; a lost connection alone, here.
          if (!this.outage.failed('listener live_pages', err))
            this.logger.warn('Live page changes are not heard: pages are read from the database until they are');
        },
        outage: this.outage,
      },
    );
    this.listener.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener?.stop();
  }
}
