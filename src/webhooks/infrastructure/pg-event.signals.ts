import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PgListener } from '../../platform/database/pg-listener.js';
import { Sql } from '../../platform/database/sql.js';
import { DatabaseOutage } from '../../platform/observability/database-outage.js';
import { EventSignals, type EventSubscriber } from '../application/ports/event-stream.ports.js';
import { EVENTS_CHANNEL } from './sql-envelope.store.js';

/**
 * EventSignals on PostgreSQL: one LISTEN on EVENTS_CHANNEL per process (the relay's transaction notifies each
 * workspace of its batch at commit), started by the first subscriber and held until the process stops, so that a
 * process that never holds a stream holds no connection for it (docs/adr/0051's budget, 0067). A notification wakes
 * the workspace's subscribers; hearing again after a lost connection wakes them all.
 */
@Injectable()
export class PgEventSignals extends EventSignals implements OnModuleDestroy {
  private readonly logger = new Logger('EventStreams');
  private readonly byWorkspace = new Map<string, Set<EventSubscriber>>();
  private listener: PgListener | null = null;
  private stopped = false;

  constructor(
    private readonly db: Sql,
    private readonly outage: DatabaseOutage,
  ) {
    super();
  }

  subscribe(subscriber: EventSubscriber): () => void {
    let set = this.byWorkspace.get(subscriber.workspaceId);
    if (!set) this.byWorkspace.set(subscriber.workspaceId, (set = new Set()));
    set.add(subscriber);
    this.listen();
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byWorkspace.get(subscriber.workspaceId) === set) this.byWorkspace.delete(subscriber.workspaceId);
    };
  }

  private listen(): void {
    if (this.listener || this.stopped) return;
    this.listener = new PgListener(this.db.listenPool, EVENTS_CHANNEL, (workspaceId) => this.wake(this.byWorkspace.get(workspaceId)), {
      // Listening (again): what was notified meanwhile was not heard, so every stream looks.
      onListening: () => {
        for (const set of this.byWorkspace.values()) this.wake(set);
      },
      onLost: (err) => {
        if (err === undefined) return; // stop(): the process is shutting down
        if (!this.outage.failed(`listener ${EVENTS_CHANNEL}`, err))
          this.logger.warn('Event notifications are not heard: streams look every heartbeat until they are');
      },
      outage: this.outage,
    });
    this.listener.start();
  }

  private wake(subscribers: Set<EventSubscriber> | undefined): void {
    if (subscribers) for (const s of subscribers) s.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.listener?.stop();
  }
}
