import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { rowTypes } from './row-types.js';

/**
 * MikroORM options, for the API's pg pool, the migrator and the schema check. The service's own statements and
 * transactions do not go through MikroORM but through `Sql` on that pool (docs/adr/0010's update, 0020, 0027).
 */
export function ormOptions(
  clientUrl: string,
  poolMax = 20,
  pool: { waitMs?: number; applicationName?: string; rowTypes?: boolean } = {},
): Options {
  return {
    clientUrl,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    // The migrator itself is added by `migrate` only; the schema check needs its table's name.
    migrations: {
      tableName: 'schema_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
      // Never `SET session_replication_role`: a session setting would outlive the migration on a pooler's server
      // connection in transaction mode (docs/adr/0050). The migrator's own `set names` is one PgBouncer tracks.
      disableForeignKeys: false,
    },
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 10_000 },
    // pg-pool's connectionTimeoutMillis bounds the wait for a free pooled connection as well as a new connection.
    driverOptions: {
      connectionTimeoutMillis: pool.waitMs ?? 0,
      application_name: pool.applicationName ?? 'bio-page',
      // The service's own statements get rows typed as the table definitions say (the migrator keeps MikroORM's).
      ...(pool.rowTypes ? { types: rowTypes } : {}),
    },
    debug: false,
    allowGlobalContext: false,
  } as Options;
}

/**
 * Applies pending migrations (idempotent; concurrent starters serialise on an advisory lock). Everything here is
 * transaction-scoped (the lock, the migrations), so it runs through a pooler in transaction mode too, which lends
 * the starter two server connections at once (docs/adr/0050).
 */
export async function migrate(clientUrl: string): Promise<string[]> {
  // The migrator and the migrations are loaded here only: a process that does not migrate never loads them.
  const [{ Migrator }, { migrations }] = await Promise.all([import('@mikro-orm/migrations'), import('./migrations/index.js')]);
  const options = ormOptions(clientUrl, 2);
  const orm = await MikroORM.init({
    ...options,
    extensions: [Migrator],
    migrations: { ...options.migrations, migrationsList: migrations },
  });
  try {
    // Serialise concurrent starters (several api/worker processes booting at once): the advisory lock is
    // held by this transaction on one connection while the migrator works on another; it is released on commit.
    return await orm.em.fork().transactional(async (em) => {
      // A number, not a `lockName`: processes of earlier versions, starting beside this one, take this same lock.
      await em.execute('SELECT pg_advisory_xact_lock(4242001)');
      const applied = await orm.migrator.up();
      return applied.map((m) => m.name);
    });
  } finally {
    await orm.close(true);
  }
}
