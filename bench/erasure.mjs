// Erasure over a day of stored responses (`BENCH_ONLY=erasure npm run bench`; issue 36, docs/adr/0059): an erasure
// must finish within the request time-out (HTTP_REQUEST_TIMEOUT_SECONDS, 30 s) for a workspace holding 24 hours of
// stored idempotent responses at the API's sustained write rate, without loading them all into memory at once.
// The sustained rate is the burst limit's (RATE_LIMIT_BURST_REQUESTS / RATE_LIMIT_BURST_WINDOW_SECONDS, 100 per
// 10 s = 10 writes/s), so 864,000 stored responses in 24 hours (BENCH_ERASURE_KEYS changes it). Each is sealed
// under the bench's master key exactly as the API seals it (its SecretCipher, bound to its row), about 350 bytes of
// JSON before sealing; BENCH_ERASURE_CARRIERS of them carry the erased contact's address. Seeded in chunks with one
// INSERT … SELECT FROM unnest(…) each, then VACUUM ANALYZE. Measured: DELETE /v1/contacts/{id} through the API
// (the whole request), and the API's RSS, sampled every 50 ms, against its RSS before.
import pg from 'pg';

const KEYS = Number(process.env.BENCH_ERASURE_KEYS ?? 864_000);
const CARRIERS = Number(process.env.BENCH_ERASURE_CARRIERS ?? 5);
const CHUNK = 10_000;

const { SecretCipher } = await import('../dist/platform/crypto/secret-cipher.js');
const { Keyring } = await import('../dist/platform/config/keyring.js');

const n = (x) => Math.round(x).toLocaleString('en');

export async function erasureBench({ launch, freePort, stopGracefully, rssOf, sleep, common, auth, ws, dbUrl, masterKey }) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  pool.on('error', () => undefined);
  const q = (text, params) => pool.query(text, params);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const apiEnv = { ...common, PORT: String(port), RUN_WORKERS: 'false' };
  try {
    const [{ mode }] = (await q(`SELECT mode FROM api_keys WHERE workspace_id = $1 LIMIT 1`, [ws.id])).rows;
    const email = 'erase.bench.subject@example.com';
    const contactId = 'ct_erasebench';
    await q(
      `INSERT INTO contacts (workspace_id, id, email, name, source, created_at) VALUES ($1, $2, $3, 'Bench Subject', 'FORM', now())`,
      [ws.id, contactId, email],
    );

    const cipher = new SecretCipher(new Keyring(Buffer.from(masterKey, 'base64')).derive('idempotency'));
    const carrierEvery = Math.max(1, Math.floor(KEYS / Math.max(1, CARRIERS)));
    const t0 = performance.now();
    for (let from = 0; from < KEYS; from += CHUNK) {
      const keys = [];
      const bodies = [];
      const ages = [];
      for (let i = from; i < Math.min(KEYS, from + CHUNK); i++) {
        const key = `bench-${String(i).padStart(7, '0')}`;
        const carries = CARRIERS > 0 && i % carrierEvery === carrierEvery - 1;
        const body = {
          id: `ct_${i.toString(36).padStart(10, '0')}`,
          email: carries ? email : `person${i}@example.com`,
          name: carries ? 'Bench Subject' : `Person ${i}`,
          source: 'FORM',
          source_page_id: 'pg_0123456789abcdef',
          source_block_id: 'blk_0123456789abcdef',
          created_at: new Date(Date.now() - (i / KEYS) * 86_400_000).toISOString(),
          note: 'x'.repeat(120),
        };
        keys.push(key);
        bodies.push(JSON.stringify({ $sealed: cipher.encrypt(JSON.stringify(body), `idempotency:${ws.id}:${mode}:${key}`) }));
        ages.push(((i / KEYS) * 86_000).toFixed(3));
      }
      await q(
        `INSERT INTO idempotency_keys (workspace_id, mode, key, fingerprint, owner_token, state, response_status, response_body,
                                       response_headers, created_at, lease_expires_at)
         SELECT $1, $2, k, md5(k) || md5(k), gen_random_uuid()::text, 'done', 201, b::jsonb,
                '{"location":"/v1/contacts/ct_x"}'::jsonb, now() - make_interval(secs => a), now() - make_interval(secs => a)
           FROM unnest($3::text[], $4::text[], $5::float8[]) AS s(k, b, a)`,
        [ws.id, mode, keys, bodies, ages],
      );
    }
    await q('VACUUM ANALYZE idempotency_keys');
    const seeded = (performance.now() - t0) / 1000;
    const [{ size }] = (await q(`SELECT pg_size_pretty(pg_total_relation_size('idempotency_keys')) AS size`)).rows;

    const api = await launch('dist/main.js', apiEnv, port);
    try {
      await (await fetch(`${base}/v1/contacts?limit=1`, { headers: auth })).arrayBuffer(); // warm-up, not measured
      await sleep(500);
      const before = rssOf(api.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(api.pid))), 50);
      const t = performance.now();
      const res = await fetch(`${base}/v1/contacts/${contactId}`, { method: 'DELETE', headers: { authorization: auth.authorization } });
      const took = (performance.now() - t) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(api.pid));
      const text = await res.text();
      const [{ left }] = (await q(`SELECT count(*)::int AS left FROM contacts WHERE id = $1 AND email IS NOT NULL`, [contactId])).rows;
      return [
        `erasure: DELETE /v1/contacts/{id} in a workspace holding ${n(KEYS)} stored responses (24 h at 10 writes/s; ${size}, ` +
          `seeded in ${seeded.toFixed(0)} s), ${CARRIERS} of them carrying the address`,
        `${took.toFixed(1)} s, status ${res.status}` +
          `${res.status === 204 ? '' : ` ${text.slice(0, 200)}`}${left ? ' (contact NOT erased)' : ''}`,
        `API RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB)`,
      ];
    } finally {
      await stopGracefully(api);
    }
  } finally {
    await pool.end();
  }
}
