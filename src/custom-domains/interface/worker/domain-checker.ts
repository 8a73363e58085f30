import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { DatabaseOutage } from '../../../platform/observability/database-outage.js';
import { PollingLoop } from '../../../platform/workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../../../platform/workers/worker-host.js';
import { CheckDueDomainsCommand } from '../../application/commands/check-due-domains/check-due-domains.command.js';

/** How often the checker looks for due domains when it found none (checks fall due a minute apart at the soonest). */
const IDLE_MS = 5_000;

/**
 * Checks due custom domains (docs/adr/0094), DOMAIN_CHECK_BATCH at a time, with the `scheduler` role: each turn
 * claims due domains with a lease, reads their TXT records and records each outcome. State is only in the database,
 * so any number of checkers share the work and one that stops leaves its claims to the others after the lease.
 */
@Injectable()
export class DomainChecker implements BackgroundWorker {
  readonly name = 'domain-checker';
  readonly role = 'scheduler';
  private readonly logger = new Logger('DomainChecker');
  private readonly loop: PollingLoop;

  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    registry: WorkerRegistry,
    outage: DatabaseOutage,
  ) {
    this.loop = new PollingLoop(
      () => this.checkDue(),
      IDLE_MS,
      (err) => this.logger.error({ err }, 'Custom domain check failed; retrying'),
    ).reportsTo(outage, this.name);
    registry.register(this);
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One turn: checks up to DOMAIN_CHECK_BATCH due domains; returns how many it claimed. */
  checkDue(): Promise<number> {
    return this.commands.execute(new CheckDueDomainsCommand(this.config.customDomains.checkBatch));
  }
}
