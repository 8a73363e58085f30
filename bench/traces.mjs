// Tracing's cost (docs/adr/0054): the API (RUN_WORKERS=false) with tracing off, as it runs by default, and on, with the
// SDK exporting over OTLP (HTTP, protobuf, the default) to a stand-in collector on loopback that answers 200 and
// drops the spans. Both processes run side by side and take turns: GET /v1/pages/{id} and POST /v1/pages (a command,
// so a command span and an outbox row carrying its traceparent), ROUNDS times each at 64 connections; the median run
// of each is reported. Run alone with BENCH_ONLY=traces.
import autocannon from 'autocannon';
import { createServer } from 'node:http';

const cannon = (opts) =>
  new Promise((resolve, reject) => autocannon({ connections: 64, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

/** Returns the table rows. `ctx`: the bench's launch, freePort, stopGracefully, common env, auth, report and timings. */
export async function tracesBench({ launch, freePort, stopGracefully, common, auth, report, duration, rounds }) {
  let exported = 0;
  const collector = createServer((req, res) => {
    req.on('data', (c) => (exported += c.length));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise((r) => collector.listen(0, '127.0.0.1', r));
  const otlp = `http://127.0.0.1:${collector.address().port}`;
  const start = async (env) => {
    const port = await freePort();
    const child = await launch('dist/main.js', { ...common, ...env, PORT: String(port), RUN_WORKERS: 'false' }, port);
    return { child, base: `http://127.0.0.1:${port}` };
  };
  const off = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_TRACES_EXPORTER: '' });
  const on = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp, OTEL_SERVICE_NAME: 'bio-page-bench' });
  try {
    const page = await (await fetch(`${off.base}/v1/pages`, { method: 'POST', headers: auth, body: '{"title":"Traced read"}' })).json();
    const runs = { read: { off: [], on: [] }, write: { off: [], on: [] } };
    const read = (api, seconds = duration) => cannon({ url: `${api.base}/v1/pages/${page.id}`, headers: auth, duration: seconds });
    const write = (api) => cannon({ url: `${api.base}/v1/pages`, method: 'POST', headers: auth, body: '{"title":"Bench"}', duration });
    for (const api of [off, on]) await read(api, 3); // warm-up (JIT, pool connections), not counted
    for (let r = 0; r < rounds; r++) {
      for (const [mode, api] of Object.entries({ off, on })) {
        runs.read[mode].push(await read(api));
        runs.write[mode].push(await write(api));
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(xs.length / 2)];
    const spread = (xs) => `median of ${xs.length}: ${xs.map((x) => Math.round(x.requests.average)).join(', ')} req/s`;
    for (const [kind, label] of [
      ['read', 'GET /v1/pages/{id}'],
      ['write', 'POST /v1/pages'],
    ]) {
      const [a, b] = [median(runs[kind].off), median(runs[kind].on)];
      report(`${label}, tracing off`, a, spread(runs[kind].off));
      report(`${label}, tracing on (OTLP)`, b, `${spread(runs[kind].on)}; on/off ${(b.requests.average / a.requests.average).toFixed(2)}×`);
    }
    console.log(`traces bench: ${(exported / 1024 / 1024).toFixed(1)} MiB of OTLP exported by the traced process`);
  } finally {
    await stopGracefully(on.child);
    await stopGracefully(off.child);
    collector.close();
  }
}
