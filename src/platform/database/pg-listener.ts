import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

/**
 * Holds one connection of `pool` (the workers' pool: listening is workers' business) in `LISTEN <channel>`
 * and calls `onNotify` for each notification. When the connection dies it re-listens on a fresh one after a
 * pause; callers keep a polling backstop, so a lost notification only delays work. `stop()` releases the
 * connection and cancels a pending re-listen.
 */
export class PgListener {
  private readonly logger = new Logger('PgListener');
  private client: PoolClient | null = null;
  private retry: NodeJS.Timeout | null = null;
  private active = false;

  constructor(
    private readonly pool: Pool,
    private readonly channel: string,
    private readonly onNotify: () => void,
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
      client.on('notification', () => this.onNotify());
      client.on('error', () => {
        if (this.client !== client) return;
        this.client = null;
        client.release(true);
        this.schedule(1_000);
      });
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      this.logger.warn({ err, channel: this.channel }, 'LISTEN failed; relying on polling');
      this.schedule(2_000);
    }
  }
}
