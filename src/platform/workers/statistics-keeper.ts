import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { compileStatement, sql } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { DatabaseOutage } from '../observability/database-outage.js';
import { PollingLoop } from './polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from './worker-host.js';

/** A table is analyzed once at least this many of its rows changed since its statistics were taken. */
export const MIN_CHANGED_ROWS = 1_000;

/**
 * The statistics target of the keeper's analyses: 3,000 rows sampled where the default (100) samples 30,000. The
 * keeper only has to tell the planner how big a burst made a table; the row count comes from the pages read, which are
 * all of a table up to 3,000 pages. The full analysis is autovacuum's, in its own time (docs/adr/0096).
 */
export const QUICK_STATISTICS_TARGET = 10;

const QUICK_LOOK = compileStatement(sql`SELECT set_config('default_statistics_target', ${String(QUICK_STATISTICS_TARGET)}, true)`);

/**
 * The tables of this schema that changed by more than their own size (as the statistics say: `reltuples`, -1 when
 * never analyzed) and by at least MIN_CHANGED_ROWS since they were last analyzed.
 */
const outgrown = compileStatement(sql<{ relname: string }>`
  SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname = current_schema() AND s.n_mod_since_analyze >= ${MIN_CHANGED_ROWS}::int
    AND s.n_mod_since_analyze > greatest(c.reltuples, 0)
  ORDER BY s.relname`);

/**
 * Keeps the planner's statistics of fast-growing tables from falling far behind them (docs/adr/0080). Autovacuum
 * analyzes a table once a tenth of it changed, but looks only once a minute: a table that grows from nothing to
 * 20,000 rows in ten seconds (a burst of deliveries on a new database) is planned as if it were nearly empty until
 * then, and a plan for a near-empty table reads every row of a workspace where it meant to probe one key. Every
 * STATISTICS_REFRESH_SECONDS this analyzes the tables that changed by more than their own size since their last
 * analysis (so a growing table is analyzed a logarithmic number of times), skipping one another process or autovacuum
 * is analyzing, with a small sample (QUICK_STATISTICS_TARGET). It runs with the janitor role.
 */
@Injectable()
export class StatisticsKeeper implements BackgroundWorker {
  readonly name = 'statistics';
  readonly role = 'janitor';
  private readonly logger = new Logger('StatisticsKeeper');
  private readonly loop: PollingLoop | null;

  constructor(
    private readonly db: Sql,
    @Inject(APP_CONFIG) config: AppConfig,
    registry: WorkerRegistry,
    @Optional() outage?: DatabaseOutage,
  ) {
    const everyMs = config.statisticsRefreshSeconds * 1000;
    this.loop =
      everyMs > 0
        ? new PollingLoop(
            async () => {
              await this.refresh();
              return 0;
            },
            everyMs,
            (err) => this.logger.error({ err }, 'Refreshing table statistics failed'),
          ).reportsTo(outage, 'statistics keeper')
        : null;
    registry.register(this);
  }

  start(): void {
    this.loop?.start();
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
  }

  /** Analyzes the tables that outgrew their statistics; returns their names. */
  async refresh(): Promise<string[]> {
    const tables = (await this.db.all(outgrown)).map((r) => r.relname);
    for (const table of tables) {
      await this.db.transaction(async () => {
        await this.db.all(QUICK_LOOK);
        await this.db.all(sql`ANALYZE (SKIP_LOCKED) ${sql.id(table)}`);
      });
    }
    if (tables.length > 0) this.logger.debug({ tables }, 'Table statistics refreshed');
    return tables;
  }
}
