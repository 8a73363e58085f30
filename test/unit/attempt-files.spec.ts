import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * ADR 0079: one webhook attempt, from the claimed delivery to its recorded outcome, imports at most 20 files of
 * `src/webhooks`, and exactly those the ADR lists. The walk starts at the act (`dispatch.ts`, and `first-attempts.ts`
 * for a first attempt) and at the adapters bound to the ports the act uses (the module binds them; a port's abstract
 * class does not import its adapter), and follows every relative import, type-only ones included.
 */
const ROOT = join(import.meta.dirname, '../../src/webhooks');
const ENTRIES = [
  'application/delivery/dispatch.ts',
  'application/delivery/first-attempts.ts',
  'infrastructure/sql-delivery.queue.ts',
  'infrastructure/sql-delivery.store.ts',
  'infrastructure/sql-endpoint.repository.ts',
  'infrastructure/http-webhook.transport.ts',
];
const ADR = join(import.meta.dirname, '../../docs/adr/0079-one-attempt-one-writer-twenty-files.md');

const RELATIVE_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]/g;

/** The files of src/webhooks reached from the entries. */
function attemptFiles(): string[] {
  const seen = new Set<string>();
  const queue = ENTRIES.map((e) => join(ROOT, e));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !file.startsWith(ROOT + '/')) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = join(dirname(file), spec!.replace(/\.js$/, '.ts'));
      if (existsSync(target)) queue.push(target);
    }
  }
  return [...seen].map((f) => relative(ROOT, f)).sort();
}

/** The files the ADR's table lists, by layer. */
function listedFiles(): string[] {
  const rows = readFileSync(ADR, 'utf8').matchAll(/^\| (application|domain|infrastructure) \| (.+) \|$/gm);
  return [...rows].flatMap(([, layer, cells]) => [...cells!.matchAll(/`([^`]+)`/g)].map(([, f]) => `${layer}/${f}`)).sort();
}

describe('one webhook attempt (ADR 0079)', () => {
  it('imports the files of src/webhooks the ADR lists, and at most 20', () => {
    const files = attemptFiles();
    expect(files).toEqual(listedFiles());
    expect(files.length).toBeLessThanOrEqual(20);
  });
});
