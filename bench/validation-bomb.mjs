// The validation bomb (issue 23, decisions.md "No request, page or tenant can take the process's memory"): workspace
// A sends PATCH /v1/pages/{id} with 200,000 empty `block_updates` a few times while workspace B reads its page at
// 8 connections. Measured: each bomb's answer time and body size, the API's RSS growth over the same read load
// without bombs, and B's read p99 with and without them. Run alone with BENCH_ONLY=bomb.
import autocannon from 'autocannon';

const BOMBS = Number(process.env.BENCH_BOMBS ?? 5);
const UPDATES = 200_000;
const READ_SECONDS = 10;

const read = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: 8, duration: READ_SECONDS }, (err, res) => (err ? reject(err) : resolve(res))),
  );

/** Returns the table rows. `ctx`: the bench's launch, freePort, rssOf, sleep, stopGracefully, cli, common env and auth. */
export async function validationBomb({ launch, freePort, rssOf, sleep, stopGracefully, cli, common, auth }) {
  const port = await freePort();
  const api = await launch('dist/main.js', { ...common, PORT: String(port), RUN_WORKERS: 'false' }, port);
  const base = `http://127.0.0.1:${port}`;
  const call = async (headers, method, path, body) =>
    (await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })).json();
  const b = cli('workspace', 'create', '--name', 'Bench bomb reader');
  const bAuth = { authorization: `Bearer ${cli('key', 'create', '--workspace', b.id).key}` };
  const bPage = await call({ ...bAuth, 'content-type': 'application/json' }, 'POST', '/v1/pages', { title: 'Read by B' });
  const aPage = await call(auth, 'POST', '/v1/pages', { title: 'Bombed by A' });
  const bomb = JSON.stringify({ expected_updated_at: aPage.draft.updated_at, block_updates: Array.from({ length: UPDATES }, () => ({})) });

  /** B's reads for READ_SECONDS, with the API's peak RSS over them; `during` runs alongside. */
  const readWhile = async (during) => {
    let peak = rssOf(api.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(api.pid))), 50);
    const [res] = await Promise.all([read(`${base}/v1/pages/${bPage.id}`, bAuth), during()]);
    clearInterval(sampler);
    return { res, peak };
  };
  await read(`${base}/v1/pages/${bPage.id}`, bAuth); // warm-up
  const quiet = await readWhile(async () => undefined);
  const answers = [];
  const loud = await readWhile(async () => {
    await sleep(1000);
    for (let i = 0; i < BOMBS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/v1/pages/${aPage.id}`, { method: 'PATCH', headers: auth, body: bomb });
      const body = Buffer.from(await res.arrayBuffer());
      answers.push({ ms: performance.now() - t0, status: res.status, bytes: body.length, errors: JSON.parse(body).errors?.length ?? 0 });
      await sleep(500);
    }
  });
  await stopGracefully(api);

  const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
  const statuses = answers.filter((a) => a.status !== 400).map((a) => a.status);
  const growth = loud.peak - quiet.peak;
  const readRow = (name, r, note) => [
    name,
    `${Math.round(r.requests.average)} req/s`,
    `p50 ${r.latency.p50} ms`,
    `p99 ${r.latency.p99} ms`,
    r.non2xx ? `${r.non2xx} non-2xx` : 'none',
    note,
  ];
  return [
    [
      `validation bomb: PATCH with ${UPDATES.toLocaleString('en')} {} block_updates ` +
        `(${(bomb.length / 1024).toFixed(0)} KiB), ${BOMBS}× while B reads`,
      `${BOMBS} requests`,
      `p50 ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms`,
      `max ${ms.at(-1).toFixed(0)} ms`,
      statuses.length ? `${statuses.length} not 400 (${statuses.join(', ')})` : 'none',
      `400 bodies ${Math.max(...answers.map((a) => a.bytes))} bytes at most, ${Math.max(...answers.map((a) => a.errors))} error(s); ` +
        `API RSS peak ${loud.peak.toFixed(0)} MiB, +${growth.toFixed(0)} MiB over the same reads without bombs`,
    ],
    readRow('B: GET /v1/pages/{id} at 8 connections, no bomb', quiet.res, `${READ_SECONDS} s`),
    readRow('B: the same, while A sends the bombs', loud.res, `${READ_SECONDS} s`),
  ];
}
