import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkData, dataProblems } from '../../src/pages/domain/page.rules.js';
import type { BlockKind } from '../../src/pages/index.js';

/**
 * Issue 48: block data's error answers do not change when its schema language does. The fixture was recorded from the
 * home-made field language (`pages/domain/block-schema.ts`, main 4cb81fd) over 881 inputs: for every kind, the whole
 * object wrong in each way, each field missing and given each wrong type, bound, URL and invisible character, every
 * field wrong at once, and data over 16 KiB. Each case holds its errors (pointer, then detail) and, where what is
 * stored differs from what was sent (URLs normalized), what is stored. Long inputs are packed: `{"$r": [prefix, unit,
 * n]}` is `prefix + unit × n`, and `{"$n": [item, n]}` a list of n items.
 */
interface Case {
  kind: BlockKind;
  base?: string;
  data: unknown;
  errors: string[];
  stored?: unknown;
}

const unpack = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(unpack);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.$r)) {
    const [prefix, unit, n] = o.$r as [string, string, number];
    return prefix + unit.repeat(n);
  }
  if (Array.isArray(o.$n)) {
    const [item, n] = o.$n as [unknown, number];
    return Array.from({ length: n }, () => unpack(item));
  }
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, unpack(x)]));
};

const CASES: Case[] = (JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/block-data-answers.json'), 'utf8')) as Case[]).map(
  (c) => ({ ...c, data: unpack(c.data), stored: c.stored === undefined ? undefined : unpack(c.stored) }),
);

describe('block data answers, before and after the schema language changed', () => {
  it('holds the recorded corpus', () => {
    expect(CASES.length).toBe(881);
    expect(new Set(CASES.map((c) => c.kind)).size).toBe(11);
  });

  it('answers every bad input with the recorded errors, and stores every good one as recorded', () => {
    const differences: unknown[] = [];
    for (const c of CASES) {
      const base = c.base ?? '/data';
      const errors = dataProblems(c.kind, c.data, base).map((e) => `${'pointer' in e ? e.pointer : ''} ${e.detail}`);
      const stored = errors.length === 0 ? checkData(c.kind, c.data, base) : undefined;
      const expectedStored = c.errors.length === 0 ? (c.stored ?? c.data) : undefined;
      if (JSON.stringify(errors) !== JSON.stringify(c.errors) || JSON.stringify(stored) !== JSON.stringify(expectedStored))
        differences.push(
          JSON.stringify({ kind: c.kind, data: c.data, expected: c.errors, got: errors, expectedStored, stored }).slice(0, 400),
        );
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });
});
