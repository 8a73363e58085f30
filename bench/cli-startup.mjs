// How fast the operator CLI answers without loading the application: `--help` and `--version` of the compiled CLI
// (dist/cli.js) and through the bin/bio-page launcher (which first checks that the build is up to date), each
// run BENCH_CLI_RUNS times (default 15) one after another; the median and the slowest are printed.
// `npm run bench:cli` alone, or as rows of `npm run bench`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Wall-clock milliseconds of `runs` runs of a command, sorted; it must exit 0. */
function time(command, args, runs) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const res = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${res.status}: ${res.stderr}`);
  }
  return ms.sort((a, b) => a - b);
}

/** Rows for the bench's table: [run, throughput, p50, p99, errors, note]. */
export function cliStartup(runs = Number(process.env.BENCH_CLI_RUNS ?? 15)) {
  const rows = [];
  for (const [name, command, args] of [
    ['node dist/cli.js --help', process.execPath, ['dist/cli.js', '--help']],
    ['node dist/cli.js --version', process.execPath, ['dist/cli.js', '--version']],
    ['bin/bio-page --help (build check included)', 'bin/bio-page', ['--help']],
  ]) {
    const ms = time(command, args, runs);
    rows.push([
      name,
      '',
      `median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms`,
      `max ${ms.at(-1).toFixed(0)} ms`,
      'none',
      `${runs} runs`,
    ]);
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`\nnpm run bench:cli: Node ${process.versions.node}\n`);
  console.log('| run | throughput | median | slowest | errors | note |\n|---|---|---|---|---|---|');
  for (const r of cliStartup()) console.log(`| ${r.join(' | ')} |`);
}
