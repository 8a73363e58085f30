// The baseline for the webhook benchmark: the same number of Standard-Webhooks-signed HTTPS POSTs to the same
// receiver, from one process with a keep-alive undici Agent and a fixed number of requests in flight, and none of
// the service's work (no outbox, no claims, no leases, no recording, no database).
// Env: WEBHOOK_BASELINE_URL (the receiver), WEBHOOK_BASELINE_COUNT, WEBHOOK_BASELINE_CONCURRENCY (default 32),
// WEBHOOK_BASELINE_CA (a PEM file to trust; else NODE_EXTRA_CA_CERTS). Prints one line of JSON (rate: 2xx answers/s).
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

const url = new URL(process.env.WEBHOOK_BASELINE_URL);
const count = Number(process.env.WEBHOOK_BASELINE_COUNT ?? 20_000);
const concurrency = Number(process.env.WEBHOOK_BASELINE_CONCURRENCY ?? 32);
const TIMEOUT_MS = 10_000;
const ca = process.env.WEBHOOK_BASELINE_CA ? readFileSync(process.env.WEBHOOK_BASELINE_CA) : undefined;

// The receiver listens on 127.0.0.1: connect there, as the service's dispatcher connects to the address it checked.
const lookup = (_host, options, callback) =>
  options?.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
const agent = new Agent({
  connections: concurrency,
  connect: { timeout: TIMEOUT_MS, lookup, ...(ca ? { ca } : {}) },
  headersTimeout: TIMEOUT_MS,
  bodyTimeout: TIMEOUT_MS,
  keepAliveTimeout: 4_000,
});
// A signing key made once, as the service's dispatcher makes one per endpoint and batch.
const key = createSecretKey(randomBytes(32));
const runId = randomBytes(4).toString('hex');

/** One signed POST with an envelope shaped like the service's (id, type, created_at, data). */
async function send(i) {
  const id = `whmsg_b${runId}${String(i).padStart(8, '0')}`;
  const body = JSON.stringify({ id, type: 'contact.created', created_at: new Date().toISOString(), data: {} });
  const ts = Math.floor(Date.now() / 1000);
  const signature = `v1,${createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64')}`;
  const res = await request(url, {
    method: 'POST',
    dispatcher: agent,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': signature,
      'content-type': 'application/json',
      'user-agent': 'BioPage-Webhooks/1.0',
    },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
  return res.statusCode >= 200 && res.statusCode < 300;
}

let next = 0;
let ok = 0;
let failed = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const i = next++;
      try {
        if (await send(i)) ok++;
        else failed++;
      } catch {
        failed++;
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await agent.close();
const cpu = process.cpuUsage();
const senderUs = Math.round((cpu.user + cpu.system) / count);
console.log(JSON.stringify({ count, ok, failed, concurrency, seconds, rate: ok / seconds, senderUs }));
