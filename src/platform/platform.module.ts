import { Global, Module, type DynamicModule } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { APP_CONFIG, APP_RUNTIME, type AppRuntime } from './config/config.module.js';
import type { AppConfig } from './config/config.js';
import { Keyring } from './config/keyring.js';
import { ormOptions } from './database/orm.js';
import { Sql } from './database/sql.js';
import { IdempotencyStore } from './idempotency/idempotency.store.js';
import { Outbox } from './outbox/outbox.js';
import { OutboxRelay } from './outbox/outbox-relay.js';
import { CursorCodec } from './pagination/cursor.js';
import { QuotaStore } from './rate-limit/quota.store.js';
import { Clock, SystemClock } from './time/clock.js';
import { IdGenerator, RandomIdGenerator } from './time/ids.js';
import { Janitor } from './workers/janitor.js';
import { WorkerHost, WorkerRegistry } from './workers/worker-host.js';

/** The shared kernel: configuration, database, clock and ids, cursors, idempotency, quota, rate limit, outbox. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig, runtime: AppRuntime): DynamicModule {
    return {
      module: PlatformModule,
      imports: [MikroOrmModule.forRoot({ ...ormOptions(runtime.databaseUrl), registerRequestContext: false, driver: PostgreSqlDriver })],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_RUNTIME, useValue: runtime },
        { provide: Keyring, useValue: new Keyring(runtime.secretKey, config.previousSecretKeys) },
        { provide: Clock, useClass: SystemClock },
        { provide: IdGenerator, useClass: RandomIdGenerator },
        { provide: CursorCodec, inject: [Keyring], useFactory: (k: Keyring) => new CursorCodec(k.deriveAll('cursor')) },
        { provide: Sql, inject: [EntityManager], useFactory: async (em: EntityManager) => new Sql((await em.getConnection().getNativeClient()) as Pool) },
        IdempotencyStore,
        QuotaStore,
        Outbox,
        OutboxRelay,
        WorkerRegistry,
        WorkerHost,
        Janitor,
      ],
      exports: [APP_CONFIG, APP_RUNTIME, Keyring, Clock, IdGenerator, CursorCodec, Sql, IdempotencyStore, QuotaStore, Outbox, OutboxRelay, WorkerRegistry, Janitor],
    };
  }
}
