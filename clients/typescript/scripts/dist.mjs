// Steps of `npm run build` around the two compilations (ESM into dist/esm, CommonJS into dist/cjs):
// `clean` removes dist/, `mark-cjs` writes dist/cjs/package.json so that Node reads dist/cjs/*.js as CommonJS
// (the package itself is "type": "module").
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

const step = process.argv[2];
const dist = new URL('../dist/', import.meta.url);
if (step === 'clean') rmSync(dist, { recursive: true, force: true });
else if (step === 'mark-cjs') {
  mkdirSync(new URL('cjs/', dist), { recursive: true });
  writeFileSync(new URL('cjs/package.json', dist), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
} else {
  console.error('usage: node scripts/dist.mjs clean|mark-cjs');
  process.exit(2);
}
