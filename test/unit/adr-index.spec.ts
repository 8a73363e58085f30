import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkAdrs, readStatus, statusText } from '../../scripts/check-adr-index.mjs';

const record = (n: number, title: string, status: string) => `# ${n}. ${title}\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n`;
const row = (n: string, file: string, date: string, status: string) => `| [${n}](${file}) | Title | ${date} | ${status} | One line. |`;
const header = ['# Architecture decision records', '', '| ADR | Title | Date | Status | In one line |', '|---|---|---|---|---|'];
const index = (...rows: string[]) => [...header, ...rows].join('\n');

const records = {
  '0001-first.md': record(
    1,
    'First',
    'Accepted, 2026-11-22. Amended by ADR 0003 (the second half).\n\n**Update, 2026-11-25.** See ADR 0002.',
  ),
  '0002-second.md': record(2, 'Second', 'Superseded by ADR 3 (all of it). Accepted 2026-11-23.'),
  '0003-third.md': record(3, 'Third', 'Accepted (2026-11-24). Amends ADR 1 (the second half). Supersedes ADR 0002.'),
};
const goodRows = [
  row('0001', '0001-first.md', '2026-11-22', 'Amended by 0003'),
  row('0002', '0002-second.md', '2026-11-23', 'Superseded by 0003'),
  row('0003', '0003-third.md', '2026-11-24', 'Accepted'),
];

/** Lint fails when the ADR index and the records' own Status sections tell different stories (issue 40). */
describe('scripts/check-adr-index.mjs', () => {
  it('passes an index that agrees with every record', () => {
    expect(checkAdrs(index(...goodRows), records)).toEqual([]);
  });

  it('reads "ADR 73" and "ADR 0073" as one record, lists after commas and "and", and skips what parentheses explain', () => {
    const status = readStatus(
      'Accepted, 2026-11-22. Amended by ADR 0033 (build only when stale, ADR 0012) and ADR 39 (parsed first), and ADR 0069 ' +
        '(the database). Amends ADR 0030 and 0035 (the NOTIFY); and by ADR 0070: a later one. Migration 0026.',
    );
    expect([...status.amendedBy].sort((a, b) => a - b)).toEqual([33, 39, 69, 70]);
    expect([...status.amends].sort((a, b) => a - b)).toEqual([30, 35]);
    expect(status.date).toBe('2026-11-22');
    // An **Update** note cites records; it amends none.
    expect(statusText(records['0001-first.md'])).toBe('Accepted, 2026-11-22. Amended by ADR 0003 (the second half).');
  });

  it('fails an index that misses an amendment, names a wrong date, or has a row without a record and a record without a row', () => {
    const bad = index(
      row('0001', '0001-first.md', '2026-11-21', 'Accepted'),
      row('0003', '0003-third.md', '2026-11-24', 'Amended by 0001'),
      row('0004', '0004-fourth.md', '2026-11-25', 'Accepted'),
    );
    expect(checkAdrs(bad, records)).toEqual([
      "README.md, row 0001: Date 2026-11-21, the record's Status says 2026-11-22",
      'README.md, row 0001: Status says amended by [], 0001-first.md says [0003]',
      'README.md, row 0003: Status says amended by [0001], 0003-third.md says []',
      'README.md, row 0004: no record 0004-*.md',
      '0002-second.md: no row in README.md',
    ]);
  });

  it('fails records that disagree with each other: an amendment told by only one of the two', () => {
    const oneSided = { ...records, '0003-third.md': record(3, 'Third', 'Accepted (2026-11-24). Supersedes ADR 0002.') };
    expect(checkAdrs(index(...goodRows), oneSided)).toEqual([
      '0003-third.md: its Status does not say "Amends ADR 0001" (0001-first.md says it does)',
    ]);
  });

  it("agrees with this repository's docs/adr", () => {
    const dir = new URL('../../docs/adr', import.meta.url).pathname;
    const files = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));
    const all = Object.fromEntries(files.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
    expect(checkAdrs(readFileSync(join(dir, 'README.md'), 'utf8'), all)).toEqual([]);
  });
});
