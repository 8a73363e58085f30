// `npm run lint:glossary`: every file or folder docs/glossary.md names exists. A name in backticks that looks like
// a path (it ends in a file extension or a slash) must be the end of some path in the repository (`pages/domain/x.ts`
// for src/pages/domain/x.ts, `application/integration-events.ts` for any context's, a bare `x.ts` for a file of that
// name); the repository's src/, test/, docs/, scripts/, bench/, deploy/ and clients/ are searched, node_modules and
// dist left out. Relative links are resolved from docs/. Exits 1 with the list of what is missing.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const glossary = join(root, 'docs', 'glossary.md');
const text = readFileSync(glossary, 'utf8');

/** Every file and folder under these folders, as paths from the root (node_modules and dist left out). */
function pathsUnder(folders) {
  const paths = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = `${dir}/${entry.name}`;
      paths.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  for (const f of folders) if (existsSync(join(root, f))) walk(f);
  return paths;
}

const PATHLIKE = /^[\w@.-][\w@./-]*(\.(ts|mjs|js|md|json|ya?ml|cfg|sql|sh)|\/)$/;
const paths = pathsUnder(['src', 'test', 'docs', 'scripts', 'bench', 'deploy', 'clients']);
const named = (span) => {
  const p = span.replace(/\/$/, '');
  return existsSync(join(root, p)) || paths.some((q) => q === p || q.endsWith(`/${p}`));
};

const missing = [];
const lines = text.split('\n');
lines.forEach((line, i) => {
  for (const [, span] of line.matchAll(/`([^`\s]+)`/g)) {
    if (!PATHLIKE.test(span) || span.startsWith('.') || span.includes('://')) continue;
    if (!named(span)) missing.push(`docs/glossary.md:${i + 1}: \`${span}\``);
  }
  for (const [, target] of line.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
    if (target.includes('://') || target.startsWith('mailto:')) continue;
    const path = join(root, 'docs', target);
    if (!existsSync(path) || (target.endsWith('/') && !statSync(path).isDirectory()))
      missing.push(`docs/glossary.md:${i + 1}: link ${target}`);
  }
});

if (missing.length > 0) {
  console.error(`The glossary names ${missing.length} path(s) that do not exist:\n${missing.join('\n')}`);
  process.exit(1);
}
console.log(`Glossary: every path it names exists (${basename(glossary)}).`);
