#!/usr/bin/env node
// Fails when docs/adr/README.md's index disagrees with the records: a row per record and a record per row, the Date
// column equal to the date in the record's `## Status`, the Status column naming the same "Amended by" and
// "Superseded by" records as the record's own Status, and every "Amended by ADR M" in record N answered by
// "Amends ADR N" in record M (and the other way round). "ADR 73" and "ADR 0073" are the same record.
// Usage: node scripts/check-adr-index.mjs [docs/adr]   (run by `npm run lint:adrs`)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RECORD_FILE = /^(\d{4})-.+\.md$/;
const DATE = /\b(\d{4}-\d{2}-\d{2})\b/;

const pad = (n) => String(n).padStart(4, '0');
const list = (numbers) =>
  [...numbers]
    .sort((a, b) => a - b)
    .map(pad)
    .join(', ');
const same = (a, b) => a.size === b.size && [...a].every((n) => b.has(n));

/** The text of a record's `## Status` section up to its first **Update** note (notes cite records, they amend none). */
export function statusText(markdown) {
  const match = /^## Status[ \t]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown);
  if (!match) return undefined;
  return match[1]
    .split(/\*\*Update\b/)[0]
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The record numbers a phrase names, read from `start` to the end of its clause: references inside parentheses are
 * the phrase's explanation, not its list, and a `.`, `:` or `;` outside them ends the clause.
 */
function clauseNumbers(text, start) {
  const numbers = [];
  let depth = 0;
  let i = start;
  for (; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ':' || c === ';' || (c === '.' && (i + 1 === text.length || /\s/.test(text[i + 1]))))) break;
    else if (depth === 0) {
      // "ADR 0030 and 0035", "ADR 51", "ADRs 0014 and 0041": a number after ADR, or after a list's comma or "and".
      const m = /^(?:ADRs? |, ?|and |or )(\d{1,4})\b(?!-)/.exec(text.slice(i));
      if (m && (m[0].startsWith('ADR') || numbers.length > 0)) {
        numbers.push(Number(m[1]));
        i += m[0].length - 1;
      }
    }
  }
  return numbers;
}

/** What a record's Status says of it (amended by, superseded by) and of others (amends), as record numbers. */
export function readStatus(text) {
  const amendedBy = new Set();
  const supersededBy = new Set();
  const amends = new Set();
  const phrase = /\b(amended by|superseded by|and by|amends|supersedes)\b/gi;
  let lastBy;
  for (let m = phrase.exec(text); m; m = phrase.exec(text)) {
    const words = m[1].toLowerCase();
    // "Amended by ADR 0039: …; and by ADR 0069: …" continues the list the last "… by" phrase began.
    const kind = words === 'and by' ? lastBy : words;
    if (!kind) continue;
    if (kind.endsWith(' by')) lastBy = kind;
    const numbers = clauseNumbers(text, m.index + m[0].length);
    const target = kind === 'superseded by' ? supersededBy : kind === 'amended by' ? amendedBy : amends;
    for (const n of numbers) target.add(n);
  }
  // A record superseded by another is not also amended by it ("amended by ADR 0020 and partly replaced by …").
  for (const n of supersededBy) amendedBy.delete(n);
  const date = DATE.exec(text)?.[1];
  return { amendedBy, supersededBy, amends, date, deprecated: /^deprecated\b/i.test(text) };
}

/** The index's rows: `| [0001](0001-….md) | Title | 2026-11-22 | Accepted | … |`. */
export function readIndex(markdown) {
  const rows = [];
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const link = /^\[(\d{1,4})\]\(([^)]+)\)$/.exec(cells[1] ?? '');
    if (!link) continue;
    const [, , , date, status] = cells;
    const numbersAfter = (word) => {
      const m = new RegExp(`${word} by ([^;]*)`, 'i').exec(status ?? '');
      return new Set(m ? [...m[1].matchAll(/\b(\d{1,4})\b(?!-)/g)].map((n) => Number(n[1])) : []);
    };
    rows.push({
      number: Number(link[1]),
      file: link[2],
      date,
      status,
      amendedBy: numbersAfter('amended'),
      supersededBy: numbersAfter('superseded'),
      deprecated: /^deprecated\b/i.test(status ?? ''),
    });
  }
  return rows;
}

/** Every disagreement between the index and the records (`records`: file name → markdown), as readable lines. */
export function checkAdrs(indexMarkdown, records) {
  const problems = [];
  const byNumber = new Map();
  for (const [file, markdown] of Object.entries(records)) {
    const number = Number(RECORD_FILE.exec(file)?.[1]);
    const text = statusText(markdown);
    if (text === undefined) {
      problems.push(`${file}: no "## Status" section`);
      continue;
    }
    byNumber.set(number, { file, ...readStatus(text) });
  }

  const rows = readIndex(indexMarkdown);
  const seen = new Set();
  for (const row of rows) {
    const name = `README.md, row ${pad(row.number)}`;
    if (seen.has(row.number)) problems.push(`${name}: a second row for the same record`);
    seen.add(row.number);
    const record = byNumber.get(row.number);
    if (!record) {
      problems.push(`${name}: no record ${pad(row.number)}-*.md`);
      continue;
    }
    if (row.file !== record.file) problems.push(`${name}: links to ${row.file}, the record is ${record.file}`);
    if (record.date && row.date !== record.date) problems.push(`${name}: Date ${row.date}, the record's Status says ${record.date}`);
    if (!same(row.amendedBy, record.amendedBy)) {
      problems.push(`${name}: Status says amended by [${list(row.amendedBy)}], ${record.file} says [${list(record.amendedBy)}]`);
    }
    if (!same(row.supersededBy, record.supersededBy)) {
      problems.push(`${name}: Status says superseded by [${list(row.supersededBy)}], ${record.file} says [${list(record.supersededBy)}]`);
    }
    if (row.deprecated !== record.deprecated) problems.push(`${name}: Deprecated in only one of the index and ${record.file}`);
  }
  for (const [number, record] of byNumber) {
    if (!seen.has(number)) problems.push(`${record.file}: no row in README.md`);
  }

  // The records among themselves: "Amended by ADR M" in N and "Amends ADR N" in M name each other.
  for (const [number, record] of byNumber) {
    for (const by of [...record.amendedBy, ...record.supersededBy]) {
      const other = byNumber.get(by);
      if (!other) problems.push(`${record.file}: amended or superseded by ADR ${pad(by)}, which does not exist`);
      else if (!other.amends.has(number)) {
        problems.push(`${other.file}: its Status does not say "Amends ADR ${pad(number)}" (${record.file} says it does)`);
      }
    }
    for (const target of record.amends) {
      const other = byNumber.get(target);
      if (!other) problems.push(`${record.file}: amends ADR ${pad(target)}, which does not exist`);
      else if (!other.amendedBy.has(number) && !other.supersededBy.has(number)) {
        problems.push(`${other.file}: its Status does not say "Amended by ADR ${pad(number)}" (${record.file} amends it)`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'docs/adr';
  const records = Object.fromEntries(
    readdirSync(dir)
      .filter((name) => RECORD_FILE.test(name))
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
  const problems = checkAdrs(readFileSync(join(dir, 'README.md'), 'utf8'), records);
  for (const problem of problems) console.log(problem);
  if (problems.length > 0) {
    console.log(`\n${problems.length} disagreement(s) between ${dir}/README.md and the records.`);
    process.exit(1);
  }
  console.log(`ADR index: ${Object.keys(records).length} records, index and Status sections agree.`);
}
