// `bio-page listen` (`BENCH_ONLY=listen npm run bench`; issue 38, docs/adr/0067): an API process (RUN_WORKERS=false),
// a worker process (the outbox relay), `dist/cli.js listen` reading the API's event stream and forwarding to a plain
// HTTP receiver on loopback. BENCH_LISTEN_EVENTS (1,000) drafts are made first (not measured), then published through
// the API by BENCH_LISTEN_CONCURRENCY (8) clients; each `page.published` is timed from the API's answer to the
// publish (its commit) to the moment the receiver has the forwarded POST. Every event must arrive exactly once.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';

const EVENTS = Number(process.env.BENCH_LISTEN_EVENTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_LISTEN_CONCURRENCY ?? 8);
const WAIT_MS = 60_000;

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const n = (x) => Math.round(x).toLocaleString('en');

export async function listenBench({ launch, freePort, stopGracefully, sleep, cli, common }) {
  const ws = cli('workspace', 'create', '--name', 'Bench listen');
  const apiKey = cli('key', 'create', '--workspace', ws.id).key;
  const auth = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };

  // The local receiver: when each page's event arrived, and every webhook-id seen.
  const receivedAt = new Map();
  const ids = [];
  const receiver = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      ids.push(req.headers['webhook-id']);
      if (envelope.type === 'page.published' && !receivedAt.has(envelope.data.page.id)) receivedAt.set(envelope.data.page.id, now);
      res.writeHead(200).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const forwardTo = `http://127.0.0.1:${receiver.address().port}/hook`;

  const apiPort = await freePort();
  const api = await launch('dist/main.js', { ...common, PORT: String(apiPort), RUN_WORKERS: 'false' }, apiPort);
  const worker = await launch('dist/worker.js', { ...common, LOG_LEVEL: 'info' }, /workers running/);
  const base = `http://127.0.0.1:${apiPort}`;
  const listener = spawn(process.execPath, ['dist/cli.js', 'listen', '--forward-to', forwardTo], {
    env: { ...process.env, BIO_PAGE_API_KEY: apiKey, BIO_PAGE_API_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let lines = 0;
  listener.stdout.on('data', (d) => {
    out = (out + d).slice(-4_000);
    lines += String(d).split('\n').length - 1;
  });
  listener.stderr.on('data', (d) => (out = (out + d).slice(-4_000)));
  try {
    for (const deadline = Date.now() + 30_000; !/^Ready\. /m.test(out); await sleep(20))
      if (Date.now() > deadline || listener.exitCode !== null) throw new Error(`listen did not start: ${out}`);

    const post = async (path, body) => {
      const res = await fetch(base + path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const drafts = [];
    for (let i = 0; i < EVENTS; i += CONCURRENCY)
      drafts.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(CONCURRENCY, EVENTS - i) }, (_, j) => post('/v1/pages', { title: `Listen ${i + j}` })),
        )),
      );

    const answeredAt = new Map();
    let errors = 0;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < drafts.length) {
          const page = drafts[next++];
          try {
            await post(`/v1/pages/${page.id}/publish`, {});
            answeredAt.set(page.id, performance.now());
          } catch {
            errors += 1;
          }
        }
      }),
    );
    const publishing = performance.now() - started;
    const deadline = Date.now() + WAIT_MS;
    while (receivedAt.size < answeredAt.size && Date.now() < deadline) await sleep(20);
    await sleep(500); // nothing more arrives
    const latencies = [...answeredAt]
      .filter(([id]) => receivedAt.has(id))
      .map(([id, at]) => receivedAt.get(id) - at)
      .sort((a, b) => a - b);
    const missing = answeredAt.size - latencies.length;
    const repeated = ids.length - new Set(ids).size;
    const problems = [];
    if (errors) problems.push(`${errors} publishes failed`);
    if (missing) problems.push(`${missing} not received within ${WAIT_MS / 1000} s`);
    if (repeated) problems.push(`${repeated} received twice`);
    if (lines < answeredAt.size + 1) problems.push(`listen printed ${lines} lines for ${answeredAt.size} events`);
    return {
      ok: problems.length === 0,
      row: [
        `listen: commit (API answer) → local receipt, ${n(answeredAt.size)} page.published by ${CONCURRENCY} clients`,
        `${n((answeredAt.size / publishing) * 1000)} events/s`,
        `p50 ${latencies.length ? pct(latencies, 50).toFixed(0) : '-'} ms`,
        `p99 ${latencies.length ? pct(latencies, 99).toFixed(0) : '-'} ms`,
        problems.length ? problems.join(', ') : 'none',
        `max ${latencies.length ? latencies.at(-1).toFixed(0) : '-'} ms; one API process, one worker, listen, a plain HTTP receiver`,
      ],
    };
  } finally {
    listener.kill('SIGINT');
    await new Promise((resolve) => (listener.exitCode !== null ? resolve() : listener.once('exit', resolve)));
    await stopGracefully(api);
    await stopGracefully(worker);
    receiver.close();
  }
}
