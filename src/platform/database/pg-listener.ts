import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { DatabaseOutage } from '../observability/database-outage.js';

/** What a listener hears besides the notifications: when it starts listening, and when it stops hearing. */
export interface ListenerEvents {
  /** LISTEN succeeded (again): anything notified while it was not listening was missed. */
  onListening?: () => void;
  /** The connection was lost (`err`: why, when it broke): notifications are not heard until `onListening`. */
  onLost?: (err?: unknown) => void;
  /** Told when LISTEN fails because the database is unreachable, and when it succeeds: the outage is logged there, once. */
  outage?: DatabaseOutage;
}

/**
 * Holds one connection of `pool` (`Sql.listenPool`: DATABASE_LISTEN_URL's, straight to PostgreSQL, since a pooler in
 * transaction mode cannot hold a LISTEN; else the workers' pool: docs/adr/0050) in `LISTEN <channel>`
 * and calls `onNotify` with each notification's payload. When the connection dies it re-listens on a fresh
 * one after a pause; callers keep a backstop (polling, or `events` to learn when notifications may have been
 * missed), so a lost notification only delays work. `stop()` releases the connection and cancels a pending
 * re-listen.
 */
export class PgListener {
  private readonly logger = new Logger('PgListener');
  private client: PoolClient | null = null;
  private retry: NodeJS.Timeout | null = null;
  private active = false;

  constructor(
    private readonly pool: Pool,
    private readonly channel: string,
    private readonly onNotify: (payload: string) => void,
    private readonly events: ListenerEvents = {},
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    void this.listen();
  }

  async stop(): Promise<void> {
    this.active = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    if (client) {
      this.events.onLost?.();
      client.removeAllListeners('notification');
      client.removeAllListeners('error');
      client.on('error', () => undefined); // a late error on the released connection must not throw
      await client.query(`UNLISTEN ${this.channel}`).catch(() => undefined);
      client.release();
    }
  }

  private schedule(ms: number): void {
    if (!this.active || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, ms);
    this.retry.unref();
  }

  private async listen(): Promise<void> {
    if (!this.active) return;
    try {
      const client = await this.pool.connect();
      if (!this.active) {
        client.release();
        return;
      }
      this.client = client;
      client.on('notification', (n) => this.onNotify(n.payload ?? ''));
      client.on('error', (err) => {
        if (this.client !== client) return;
        this.client = null;
        client.release(true);
        this.events.onLost?.(err);
        this.schedule(1_000);
      });
      await client.query(`LISTEN ${this.channel}`);
      if (this.client === client) {
        this.events.outage?.reachable(`listener ${this.channel}`);
        this.events.onListening?.();
      }
    } catch (err) {
      const client = this.client;
      this.client = null;
      client?.release(true);
      if (!this.events.outage?.failed(`listener ${this.channel}`, err))
        this.logger.warn({ err, channel: this.channel }, 'LISTEN failed; relying on polling');
      this.schedule(2_000);
    }
  }
}
