import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { PgListener } from '../../platform/database/pg-listener.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { PollingLoop } from '../../platform/workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../../platform/workers/worker-host.js';
import { DeliveryLog } from './delivery-log.js';
import { ConcurrentDeliveryWriteError, EndpointRepository, MessageStore, OwnerNotifier, WebhookTransport, type TransportOutcome } from './ports/webhook.ports.js';

const BATCH = 32;
const POLL_MS = 1_000;

interface Claimed {
  id: string;
  endpoint_id: string;
  event_id: string;
  version: number;
}

/**
 * Sends due deliveries. A batch is claimed in a short transaction (`FOR UPDATE SKIP LOCKED`) by writing a
 * lease (WEBHOOK_LEASE_SECONDS, longer than the 10 s attempt time-out) on the rows; the sends run
 * concurrently outside any transaction; each outcome is appended to the delivery's stream, and the
 * endpoint's counters move, in one transaction. The append expects the version that was claimed, so a
 * delivery that moved meanwhile (a resend, or another dispatcher after our lease ran out) keeps its state.
 * A dispatcher that dies mid-batch leaves leases that expire; the rows are claimed again and sent again:
 * delivery is at-least-once, and receivers de-duplicate on webhook-id.
 */
@Injectable()
export class WebhookDispatcher implements BackgroundWorker {
  readonly name = 'webhook-dispatcher';
  private readonly logger = new Logger('WebhookDispatcher');
  private readonly loop = new PollingLoop(() => this.dispatchOnce(), POLL_MS, (err) => this.logger.error({ err }, 'Webhook dispatch failed; retrying'));
  private readonly listener: PgListener;
  private nextDue: NodeJS.Timeout | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly endpoints: EndpointRepository,
    private readonly messages: MessageStore,
    private readonly log: DeliveryLog,
    private readonly transport: WebhookTransport,
    private readonly notifier: OwnerNotifier,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    em: EntityManager,
    registry: WorkerRegistry,
  ) {
    this.listener = new PgListener(em, 'webhook_deliveries', () => this.loop.wake());
    registry.register(this);
  }

  start(): void {
    this.loop.start();
    this.listener.start();
  }

  async stop(): Promise<void> {
    if (this.nextDue) clearTimeout(this.nextDue);
    this.nextDue = null;
    await this.loop.stop();
    await this.listener.stop();
  }

  /** Claims one batch of due deliveries and sends them; returns how many were claimed. */
  async dispatchOnce(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((c) => this.deliver(c)));
    if (claimed.length === 0) await this.wakeForNextDue();
    return claimed.length;
  }

  /** A retry due sooner than the next poll (short test ladders) wakes the loop on time. */
  private async wakeForNextDue(): Promise<void> {
    if (this.nextDue || !this.loop.isRunning) return;
    const row = await this.sql.one<{ due: Date | null }>(`SELECT min(next_attempt_at) AS due FROM webhook_deliveries WHERE status = 'PENDING' AND lease_until IS NULL`);
    if (!row?.due) return;
    const wait = new Date(row.due).getTime() - this.clock.now().getTime();
    if (wait >= POLL_MS) return;
    this.nextDue = setTimeout(() => {
      this.nextDue = null;
      this.loop.wake();
    }, Math.max(0, wait));
    this.nextDue.unref();
  }

  private claim(): Promise<Claimed[]> {
    return this.sql.transaction(() =>
      this.sql.all<Claimed>(
        `UPDATE webhook_deliveries SET lease_token = ?, lease_until = ?::timestamptz + make_interval(secs => ?)
          WHERE id IN (SELECT id FROM webhook_deliveries
                        WHERE status = 'PENDING' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
                        ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
          RETURNING id, endpoint_id, event_id, version`,
        [randomUUID(), this.clock.now(), this.config.webhookLeaseSeconds, this.clock.now(), this.clock.now(), BATCH],
      ),
    );
  }

  private async deliver(c: Claimed): Promise<void> {
    try {
      const current = await this.endpoints.get(c.endpoint_id);
      if (!current) return; // deleted: its deliveries went with it
      if (!current.isActive()) {
        await this.record(c, { type: 'HoldForDisabledEndpoint', now: this.clock.now() });
        return;
      }
      const body = await this.messages.body(c.event_id);
      if (body === null) throw new Error(`envelope ${c.event_id} is missing`);
      const now = this.clock.now();
      const outcome = await this.transport.send(current.url, await this.endpoints.signingSecrets(current, now), { id: c.event_id, body }, now);
      await this.record(c, { type: 'RecordAttempt', outcome: outcomeOf(outcome), now: this.clock.now(), jitter: Math.random() * 2 - 1 });
    } catch (err) {
      if (err instanceof ConcurrentDeliveryWriteError) {
        this.logger.log({ delivery_id: c.id }, 'Delivery changed while it was in flight; keeping the newer state');
        return;
      }
      // The lease runs out and the delivery is claimed again.
      this.logger.error({ err, delivery_id: c.id }, 'Delivery attempt could not be recorded');
    }
  }

  /** Appends to the stream and moves the endpoint's counters in one transaction (endpoint locked first). */
  private async record(c: Claimed, command: Parameters<DeliveryLog['apply']>[1]): Promise<void> {
    await this.sql.transaction(async () => {
      const endpoint = await this.endpoints.byIdForUpdate(c.endpoint_id);
      if (!endpoint) return;
      // Re-enabled since we looked: leave it PENDING; it is sent once the lease runs out.
      if (command.type === 'HoldForDisabledEndpoint' && endpoint.isActive()) return;
      const result = await this.log.apply(c.id, command, c.version);
      if (!result) return;
      const now = this.clock.now();
      if (result.events.some((e) => e.type === 'AttemptSucceeded')) {
        endpoint.recordDeliverySucceeded(now);
        await this.endpoints.update(endpoint);
      } else if (result.events.some((e) => e.type === 'DeliveryFailed')) {
        const disabled = endpoint.recordDeliveryFailed(now);
        await this.endpoints.update(endpoint);
        if (disabled) await this.notifier.endpointDisabled(disabled);
      }
    });
  }
}

function outcomeOf(o: TransportOutcome): { statusCode: number | null; error: string | null; durationMs: number } {
  return { statusCode: o.statusCode, error: o.error, durationMs: o.durationMs };
}
