#!/usr/bin/env node
// Lints the committed OpenAPI document (docs/openapi.json, the one the service serves: a test keeps them equal)
// with Redocly's recommended rules (redocly.yaml) and Spectral's OpenAPI ruleset (.spectral.yaml). Any error or
// warning fails: Redocly only fails on errors by itself, so its JSON totals are read here.
import { spawnSync } from 'node:child_process';

const DOCUMENT = 'docs/openapi.json';
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (tool, args) => spawnSync(process.execPath, [`node_modules/.bin/${tool}`, ...args], { encoding: 'utf8', env });

let failed = false;
const redocly = run('redocly', ['lint', DOCUMENT, '--format=json']);
const totals = (() => {
  try {
    return JSON.parse(redocly.stdout).totals;
  } catch {
    return null;
  }
})();
if (!totals || totals.errors > 0 || totals.warnings > 0) {
  failed = true;
  process.stdout.write(run('redocly', ['lint', DOCUMENT, '--max-problems', '50']).stdout + redocly.stderr);
} else {
  console.log(`Redocly (recommended): ${DOCUMENT} has 0 errors and 0 warnings.`);
}
const spectral = run('spectral', ['lint', DOCUMENT, '--fail-severity=warn']);
if (spectral.status !== 0) {
  failed = true;
  process.stdout.write(spectral.stdout + spectral.stderr);
} else {
  console.log(`Spectral (spectral:oas): ${DOCUMENT} has 0 errors and 0 warnings.`);
}
process.exit(failed ? 1 : 0);
