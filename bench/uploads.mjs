// Uploads on each file store (`BENCH_ONLY=uploads npm run bench`; issue 37, docs/adr/0064): the API alone
// (RUN_WORKERS=false) with FILE_STORAGE=local, then with FILE_STORAGE=s3 against an S3-protocol server (s3rver, run in
// this process on loopback, as test/support/s3-server.ts does). For each: the API's RSS when settled after a few small
// uploads (idle), then BENCH_UPLOADS_ROUNDS rounds (4) of BENCH_UPLOADS_CONCURRENCY (50) concurrent uploads of a
// 5 MiB PNG (its real signature, then padding), each streamed as multipart/form-data from one shared buffer; the API's
// RSS is sampled every 50 ms and its peak reported. Every upload must be answered 201; any other answer is counted
// and listed. Afterwards the store must hold every file at its key and nothing staged.
// Target: the peak within 100 MiB of idle on both stores (uploads are streamed: to disk, or to the object store in
// bounded 5 MiB part buffers, S3_UPLOAD_BUFFERS of them: 4 by default, or as this environment sets it).
// The API's V8 heap and external memory (its metrics) and the CPU used are printed next to the RSS. The API runs with
// the flags of `npm run api` (--expose-gc: upload garbage collected every 8 MiB, docs/adr/0064); without them,
// external memory climbs about 64 MiB even with one upload at a time (dead socket Buffers until V8's next full GC).
// The rate limit's burst and the workspace's storage quota are raised for the run; each store gets a fresh workspace.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { Agent, request } from 'undici';

const MiB = 1024 * 1024;
const FILE_BYTES = 5 * MiB;
const ROUNDS = Number(process.env.BENCH_UPLOADS_ROUNDS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_UPLOADS_CONCURRENCY ?? 50);
const WARM_UP = 5; // small uploads before the idle RSS is read
const CHUNK = 64 * 1024; // the body is written in slices of this size, as a client streaming a file would
const BUCKET = 'bio-page-bench';
const S3_KEY = 'S3RVER'; // the credentials s3rver accepts
// The API's Prometheus metrics on its public port (docs/adr/0038): its V8 heap and external memory during the run.
const METRICS_TOKEN = 'bench-uploads-metrics-token-0123456789';
const METRICS_EVERY_MS = 250;

/** A PNG signature and header (IHDR of a 1×1 RGB image), then `size - 33` bytes of padding: sniffed as image/png. */
function pngOf(size) {
  const head = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de', 'hex');
  const bytes = Buffer.alloc(size, 0x2a);
  head.copy(bytes);
  return bytes;
}

/** One multipart/form-data upload of `file` (one part named "file"), its body streamed in CHUNK slices. */
function multipart(file, filename) {
  const boundary = `----bpbench${Math.random().toString(36).slice(2)}`;
  const open = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const close = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield open;
    for (let at = 0; at < file.length; at += CHUNK) yield file.subarray(at, Math.min(file.length, at + CHUNK));
    yield close;
  }
  return { body: body(), length: open.length + file.length + close.length, contentType: `multipart/form-data; boundary=${boundary}` };
}

const n = (x) => Math.round(x).toLocaleString('en');

export async function uploadsBench({ launch, freePort, stopGracefully, rssOf, cpuOf, sleep, cli, common }) {
  const results = [];
  for (const kind of ['local', 's3']) results.push(await oneStore(kind));
  return results;

  async function oneStore(kind) {
    const ws = cli('workspace', 'create', '--name', `Bench uploads (${kind})`);
    const bearer = `Bearer ${cli('key', 'create', '--workspace', ws.id).key}`;
    const dir = mkdtempSync(join(tmpdir(), `bp-bench-uploads-${kind}-`));
    let s3rver = null;
    let client = null;
    const env = {
      ...common,
      RUN_WORKERS: 'false',
      FILE_STORAGE: kind,
      FILE_STORAGE_QUOTA_BYTES: String(1024 * 1024 * MiB), // 1 TiB: the run's files all fit
      RATE_LIMIT_BURST_REQUESTS: '1000000',
      METRICS_TOKEN: METRICS_TOKEN,
    };
    if (kind === 'local') env.FILE_STORAGE_DIR = dir;
    else {
      s3rver = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: dir,
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      const { port } = await s3rver.run();
      const endpoint = `http://127.0.0.1:${port}`;
      Object.assign(env, {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: S3_KEY,
        S3_SECRET_ACCESS_KEY: S3_KEY,
        S3_FORCE_PATH_STYLE: 'true',
        S3_REGION: 'us-east-1',
      });
      client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
      });
    }
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/v1/files`;
    const agent = new Agent({ connections: CONCURRENCY, bodyTimeout: 120_000, headersTimeout: 120_000 });
    let api = null;
    try {
      api = await launch('dist/main.js', { ...env, PORT: String(port) }, port);
      const failures = new Map(); // "status code" → count
      const examples = new Map(); // the first answer of each kind of failure
      let created = 0;
      const upload = async (file, name) => {
        const { body, length, contentType } = multipart(file, name);
        let status = 0;
        let text = '';
        try {
          const res = await request(url, {
            method: 'POST',
            dispatcher: agent,
            headers: { authorization: bearer, 'content-type': contentType, 'content-length': String(length) },
            body,
          });
          status = res.statusCode;
          text = await res.body.text();
        } catch (err) {
          text = `${err.code ?? err.name}: ${err.message}`;
        }
        if (status === 201) return void created++;
        const code = status ? `${status} ${/"code":"([^"]+)"/.exec(text)?.[1] ?? ''}`.trim() : 'no answer';
        failures.set(code, (failures.get(code) ?? 0) + 1);
        if (!examples.has(code)) examples.set(code, /"detail":"([^"]+)"/.exec(text)?.[1] ?? text.slice(0, 200));
      };

      // Warm-up (JIT, the database pool, the store's connections; on s3, the first part buffer), not measured.
      const small = pngOf(64 * 1024);
      for (let i = 0; i < WARM_UP; i++) await upload(small, `warm-${i}.png`);
      await sleep(2_000);
      const warmed = created;
      created = 0;
      const idle = rssOf(api.pid);
      const idleMemory = await memoryOf(port);

      const file = pngOf(FILE_BYTES);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(api.pid))), 50);
      // The heap and external memory at their highest (sampled less often: each sample is a request to the API).
      const high = { heap: 0, external: 0 };
      let sampling = true;
      const heapSampler = (async () => {
        while (sampling) {
          const m = await memoryOf(port).catch(() => null);
          if (m) for (const k of Object.keys(high)) high[k] = Math.max(high[k], m[k]);
          await sleep(METRICS_EVERY_MS);
        }
      })();
      const cpu0 = { api: cpuOf(api.pid), own: ownCpu() };
      const t0 = performance.now();
      for (let r = 0; r < ROUNDS; r++) {
        await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => upload(file, `bench-${r}-${i}.png`)));
      }
      const seconds = (performance.now() - t0) / 1000;
      const cpu = { api: cpuOf(api.pid) - cpu0.api, own: ownCpu() - cpu0.own };
      clearInterval(sampler);
      sampling = false;
      await heapSampler;
      peak = Math.max(peak, rssOf(api.pid));
      await sleep(1_000);
      const after = rssOf(api.pid);

      // What the store holds: every file at `<workspace>/<file>`, nothing left under staging.
      const keys = await storedKeys(kind, dir, client);
      const stored = keys.filter((k) => k.startsWith(`${ws.id}/`)).length;
      const staged = keys.filter((k) => k.startsWith('.staging')).length;
      const total = ROUNDS * CONCURRENCY;
      const failed = [...failures].map(([code, count]) => `${count}×${code}`);
      return {
        kind,
        total,
        created,
        rate: created / seconds,
        seconds,
        idle,
        peak,
        after,
        failed,
        examples: [...examples].map(([code, detail]) => `${code}: ${detail}`),
        stored,
        expected: created + warmed,
        staged,
        idleMemory,
        high,
        cpu,
      };
    } finally {
      await agent.close().catch(() => undefined);
      if (api) await stopGracefully(api);
      client?.destroy();
      await s3rver?.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** The API's V8 heap in use and its external memory (Buffers outside the heap), in MiB, from its metrics. */
async function memoryOf(port) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const metric = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / MiB;
  return { heap: metric('nodejs_heap_size_used_bytes'), external: metric('nodejs_external_memory_bytes') };
}

/** CPU seconds this process has used (the client and, for s3, the object store). */
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Every key the store holds (a local store's files as paths under its directory). */
async function storedKeys(kind, dir, client) {
  if (kind === 'local')
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
  const keys = [];
  let token;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

/** The results as the lines `BENCH_ONLY=uploads` prints. */
export const uploadLines = (results) =>
  results.map((r) => {
    const over = r.peak - r.idle > 100 ? ', OVER the 100 MiB target' : '';
    const failed = r.failed.length ? ` (failed: ${r.failed.join(', ')}; e.g. ${r.examples.join(' | ')})` : '';
    const client = r.kind === 's3' ? 'client and s3rver' : 'client';
    return (
      `uploads (${r.kind}): ${r.rate.toFixed(1)} uploads/s, RSS idle ${r.idle.toFixed(0)} MiB, peak ${r.peak.toFixed(0)} MiB ` +
      `(+${(r.peak - r.idle).toFixed(0)} MiB${over}); ` +
      `${ROUNDS} × ${CONCURRENCY} concurrent uploads of ${FILE_BYTES / MiB} MiB in ${r.seconds.toFixed(1)} s, ` +
      `${n(r.created)} of ${n(r.total)} answered 201${failed}; ` +
      `V8 heap ${r.idleMemory.heap.toFixed(0)} MiB idle, ${r.high.heap.toFixed(0)} at most; ` +
      `external ${r.idleMemory.external.toFixed(0)} MiB idle, ${r.high.external.toFixed(0)} at most; ` +
      `RSS ${r.after.toFixed(0)} MiB 1 s after; CPU: API ${r.cpu.api.toFixed(1)} s, bench process (${client}) ${r.cpu.own.toFixed(1)} s; ` +
      `store: ${n(r.stored)} of ${n(r.expected)} files, ${n(r.staged)} staged left`
    );
  });

/** The results as rows of the full run's table. */
export const uploadRows = (results) =>
  results.map((r) => [
    `uploads (${r.kind}): ${ROUNDS} × ${CONCURRENCY} concurrent ${FILE_BYTES / MiB} MiB PNGs`,
    `${r.rate.toFixed(1)} uploads/s`,
    '',
    '',
    r.failed.length ? r.failed.join(', ') : 'none',
    `API RSS idle ${r.idle.toFixed(0)} MiB, peak ${r.peak.toFixed(0)} MiB (+${(r.peak - r.idle).toFixed(0)} MiB; target ≤ +100); ` +
      `store: ${n(r.stored)} of ${n(r.expected)} files, ${n(r.staged)} staged left`,
  ]);
