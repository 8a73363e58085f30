// `npm run bench:writes`: what PostgreSQL spends to write new delivery streams, per delivery, the way the webhook
// fan-out writes them (docs/adr/0057): batches of 200 streams (a projection row with its outcome, then its two events,
// DeliveryCreated and AttemptSucceeded) through the service's own `createStreams` statement, one transaction each.
// Measured as the server process's CPU time (/proc/<pid>/stat of the connection's backend), so neither the driver nor
// this process counts. Each round runs without the event store's foreign key (the schema since migration 0026) and
// with it put back, in turn, on a fresh database of its own (bench/database.mjs). The server must run on this
// machine (the embedded PostgreSQL, or DATABASE_URL on loopback).
// Env: BENCH_WRITES_BATCHES (batches per round, default 100), BENCH_WRITES_ROUNDS (default 3).
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { benchDatabase } from './database.mjs';

const BATCHES = Number(process.env.BENCH_WRITES_BATCHES ?? 100);
const ROUNDS = Number(process.env.BENCH_WRITES_ROUNDS ?? 3);
const PER_BATCH = 200;
const { migrate } = await import('../dist/platform/database/orm.js');
const { createStreams } = await import('../dist/webhooks/infrastructure/delivery.statements.js');

const WS = 'ws_benchwrites000000000001';
const EP = 'we_benchwrites000000000001';
const FK = `ALTER TABLE webhook_delivery_events ADD CONSTRAINT webhook_delivery_events_delivery_id_fkey
  FOREIGN KEY (workspace_id, delivery_id) REFERENCES webhook_deliveries (workspace_id, id) ON DELETE CASCADE`;
const NO_FK = 'ALTER TABLE webhook_delivery_events DROP CONSTRAINT webhook_delivery_events_delivery_id_fkey';

/** One batch's parameter: the JSON `createMany` binds for 200 deliveries answered 204 at once. */
function batch(tag) {
  const at = new Date().toISOString();
  return JSON.stringify(
    Array.from({ length: PER_BATCH }, (_, i) => {
      const id = `dlv_${tag}_${i}`;
      const eventId = `whmsg_${tag}_${i}`;
      return {
        id,
        endpoint_id: EP,
        workspace_id: WS,
        event_id: eventId,
        event_type: 'contact.created',
        created_at: at,
        status: 'SUCCEEDED',
        attempt_count: 1,
        attempts_in_cycle: 1,
        attempts: [{ number: 1, statusCode: 204, error: null, durationMs: 4, at }],
        next_attempt_at: null,
        last_status_code: 204,
        recorded_while_disabled: false,
        version: 2,
        lease_token: null,
        lease_until: null,
        events: [
          {
            type: 'DeliveryCreated',
            data: { deliveryId: id, endpointId: EP, workspaceId: WS, eventId, eventType: 'contact.created', at, nextAttemptAt: at },
          },
          { type: 'AttemptSucceeded', data: { number: 1, statusCode: 204, durationMs: 4, at } },
        ],
      };
    }),
  );
}

const db = await benchDatabase('bp_writes');
const client = new pg.Client({ connectionString: db.url });
try {
  await migrate(db.url);
  await client.connect();
  await client.query(`INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES ($1, 'bench', 'pro', now(), now())`, [WS]);
  await client.query(
    `INSERT INTO webhook_endpoints (workspace_id, id, url, event_types, status, secret_encrypted, created_at, updated_at)
     VALUES ($1, $2, 'https://localhost/hook', '{contact.created}', 'ACTIVE', 'x', now(), now())`,
    [WS, EP],
  );
  const { pid } = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0];
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in clock ticks of 10 ms
  };
  let n = 0;
  /** µs of server CPU per delivery over BATCHES batches (their envelopes inserted first, outside the measure). */
  const round = async () => {
    const tags = Array.from({ length: BATCHES }, () => `r${n++}`);
    await client.query(
      `INSERT INTO webhook_messages (workspace_id, event_id, type, body, created_at)
       SELECT $1, 'whmsg_' || t || '_' || i, 'contact.created', '{}', now() FROM unnest($2::text[]) t, generate_series(0, $3 - 1) i`,
      [WS, tags, PER_BATCH],
    );
    const params = tags.map(batch);
    const before = cpuMs();
    for (const streams of params) {
      const q = createStreams({ streams });
      await client.query('BEGIN');
      await client.query({ name: 'create_streams', text: q.sql, values: q.parameters });
      await client.query('COMMIT');
    }
    return ((cpuMs() - before) * 1000) / (BATCHES * PER_BATCH);
  };
  await round(); // warm-up: caches, the prepared statement
  const results = { without: [], with: [] };
  for (let r = 0; r < ROUNDS; r++) {
    results.without.push(await round());
    await client.query(FK);
    results.with.push(await round());
    await client.query(NO_FK);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const show = (xs) => `median ${median(xs).toFixed(1)} µs (${xs.map((x) => x.toFixed(1)).join(', ')})`;
  console.log(`PostgreSQL CPU per delivery written, ${BATCHES} batches of ${PER_BATCH} per round, ${ROUNDS} rounds:`);
  console.log(`  without the event store's foreign key (the schema): ${show(results.without)}`);
  console.log(`  with it (before migration 0026):                    ${show(results.with)}`);
} finally {
  await client.end().catch(() => undefined);
  await db.drop();
}
