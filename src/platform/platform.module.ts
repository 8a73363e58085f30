import { Global, Module, type DynamicModule, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import pg from 'pg';
import { APP_CONFIG, APP_RUNTIME, type AppRuntime } from './config/config.module.js';
import type { AppConfig } from './config/config.js';
import { Keyring } from './config/keyring.js';
import { ormOptions } from './database/orm.js';
import { Sql } from './database/sql.js';
import { Transactions } from './cqrs/transactional.js';
import { PersonalData } from './erasure/personal-data.js';
import { IdempotencyStore } from './idempotency/idempotency.store.js';
import { Outbox } from './outbox/outbox.js';
import { OutboxPersonalData } from './outbox/outbox-personal-data.js';
import { OutboxRelay } from './outbox/outbox-relay.js';
import { CursorCodec } from './pagination/cursor.js';
import { QuotaStore } from './rate-limit/quota.store.js';
import { WindowCounter } from './rate-limit/window-counter.js';
import { Clock, SystemClock } from './time/clock.js';
import { IdGenerator, RandomIdGenerator } from './time/ids.js';
import { Janitor } from './workers/janitor.js';
import { StatisticsKeeper } from './workers/statistics-keeper.js';
import { DatabaseOutage } from './observability/database-outage.js';
import { Metrics } from './observability/metrics.js';
import { Serving } from './process/serving.js';
import { WorkerHost, WorkerRegistry } from './workers/worker-host.js';

/**
 * The shared kernel: configuration, database (and whether it is reachable), clock and ids, cursors, idempotency,
 * quota, rate limit, outbox, personal-data erasure, metrics.
 */
@Global()
@Module({})
export class PlatformModule implements OnModuleDestroy, OnApplicationShutdown {
  constructor(
    private readonly db: Sql,
    private readonly serving: Serving,
  ) {}

  /** The application is being torn down: a request that still reaches a route is answered 503 (docs/adr/0051). */
  onModuleDestroy(): void {
    this.serving.close();
  }

  /** The workers' pool and the listeners' are ours to close; MikroORM closes the API pool. */
  async onApplicationShutdown(): Promise<void> {
    if (this.db.listenPool !== this.db.workerPool && this.db.listenPool !== this.db.apiPool) await this.db.listenPool.end();
    if (this.db.workerPool !== this.db.apiPool) await this.db.workerPool.end();
  }

  static forRoot(config: AppConfig, runtime: AppRuntime): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        MikroOrmModule.forRoot({
          ...ormOptions(runtime.databaseUrl, config.database.poolSize, {
            waitMs: config.database.poolWaitMs,
            applicationName: 'bio-page-api',
            rowTypes: true,
          }),
          registerRequestContext: false,
          driver: PostgreSqlDriver,
        }),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_RUNTIME, useValue: runtime },
        { provide: Keyring, useValue: new Keyring(runtime.secretKey, config.previousSecretKeys) },
        { provide: Clock, useValue: runtime.clock ?? new SystemClock() },
        { provide: IdGenerator, useClass: RandomIdGenerator },
        { provide: CursorCodec, inject: [Keyring], useFactory: (k: Keyring) => new CursorCodec(k.deriveAll('cursor')) },
        {
          provide: Sql,
          inject: [EntityManager],
          useFactory: async (em: EntityManager) => {
            const apiPool = (await em.getConnection().getNativeClient()) as pg.Pool;
            // The workers' own pool: same connection settings and type parsers, its own size and name.
            const workerPool = new pg.Pool({
              ...apiPool.options,
              password: apiPool.options.password,
              max: config.database.workerPoolSize,
              application_name: 'bio-page-workers',
            });
            // As MikroORM does for its pool: a connection dropped by the server emits 'error' on its client
            // (pg-pool removes its own listener while a client is checked out) or on the pool; unheard, it would
            // take the process down. The statement in flight rejects on its own, and the pool discards the client.
            workerPool.on('connect', (client) => client.on('error', () => undefined));
            workerPool.on('error', () => undefined);
            // LISTEN straight to PostgreSQL when DATABASE_LISTEN_URL says where (behind a pooler in transaction
            // mode: docs/adr/0050): one held connection per channel this process listens on (four at most: the
            // outbox, deliveries, live pages, and the event streams' once a stream opened, docs/adr/0067).
            const listenUrl = config.database.listenUrl;
            const listenPool = listenUrl
              ? new pg.Pool({
                  connectionString: listenUrl,
                  max: 4,
                  keepAlive: true,
                  connectionTimeoutMillis: config.database.poolWaitMs,
                  application_name: 'bio-page-listen',
                })
              : undefined;
            listenPool?.on('connect', (client) => client.on('error', () => undefined));
            listenPool?.on('error', () => undefined);
            return new Sql(apiPool, workerPool, { preparedStatements: config.database.preparedStatements, listenPool });
          },
        },
        {
          provide: Transactions,
          inject: [Sql],
          useFactory: (db: Sql): Transactions => ({ run: (work) => db.transaction(work), afterCommit: (work) => db.afterCommit(work) }),
        },
        IdempotencyStore,
        QuotaStore,
        WindowCounter,
        Outbox,
        OutboxRelay,
        OutboxPersonalData,
        {
          // The platform's stores of copies hold personal data too; the contexts add their own at module init.
          provide: PersonalData,
          inject: [IdempotencyStore, OutboxPersonalData],
          useFactory: (idempotency: IdempotencyStore, outboxRows: OutboxPersonalData) => {
            const personalData = new PersonalData();
            personalData.register(idempotency);
            personalData.register(outboxRows);
            return personalData;
          },
        },
        WorkerRegistry,
        WorkerHost,
        Janitor,
        StatisticsKeeper,
        Metrics,
        { provide: DatabaseOutage, useFactory: () => new DatabaseOutage() },
        { provide: Serving, useFactory: () => new Serving() },
      ],
      exports: [
        APP_CONFIG,
        APP_RUNTIME,
        Keyring,
        Clock,
        IdGenerator,
        CursorCodec,
        Sql,
        Transactions,
        IdempotencyStore,
        QuotaStore,
        WindowCounter,
        Outbox,
        OutboxRelay,
        PersonalData,
        WorkerRegistry,
        Janitor,
        Metrics,
        DatabaseOutage,
        Serving,
      ],
    };
  }
}
