#!/usr/bin/env node
// Fails when a source line is longer than 140 characters. Prettier wraps code at printWidth 140 but never
// breaks strings, template literals or comments, and oxlint has no max-len rule, so this closes the gap.
// Usage: node scripts/check-line-length.mjs [dir-or-file ...]   (default: src test bench scripts clients)
// Generated files (their first line starts `// Generated`) are skipped.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

const MAX = 140;
const EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.data', '.git']);

function* filesUnder(path) {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (!SKIP_DIRS.has(name)) yield* filesUnder(join(path, name));
    }
  } else if (EXTENSIONS.has(extname(path))) {
    yield path;
  }
}

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'test', 'bench', 'scripts', 'clients'];
let files = 0;
let offending = 0;
for (const root of roots) {
  for (const file of filesUnder(root)) {
    const text = readFileSync(file, 'utf8');
    if (text.startsWith('// Generated')) continue;
    files += 1;
    text.split(/\r?\n/).forEach((line, i) => {
      // Count characters (code points), not UTF-16 units: '…' and '→' are one character each.
      const length = [...line].length;
      if (length > MAX) {
        offending += 1;
        console.log(`${relative(process.cwd(), file)}:${i + 1}: ${length} characters (max ${MAX})`);
      }
    });
  }
}

if (offending > 0) {
  console.log(`\n${offending} line(s) longer than ${MAX} characters in ${files} files.`);
  process.exit(1);
}
console.log(`Line length: ${files} files, no line longer than ${MAX} characters.`);
