import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Every statement in src/ is typed (docs/adr/0027): built with the query builder over the table definitions,
 * or a `sql` template whose values are bound. What this forbids is what the typing replaced:
 * - SQL text in a plain string or untagged template (a `?` placeholder string, a statement put together by hand);
 * - a `?` placeholder inside a `sql` template (values go in as `${value}`);
 * - a hand-written row shape: an interface or object type named `…Row` (a row type is derived from a definition).
 * The migrations are history and hold SQL text on purpose.
 */
const ROOT = join(process.cwd(), 'src');
const STATEMENT = /\b(SELECT\s[\s\S]*\bFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|ON\s+CONFLICT|RETURNING)\b/i;
const PLACEHOLDER = /(=|<|>|,|\(|\bIN|\bLIMIT|\bOFFSET)\s*\?(?!\?)/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function findings(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const where = (node: ts.Node) => `${relative(process.cwd(), file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const literal = node.getText(source);
      const tagged = ts.isTaggedTemplateExpression(node.parent);
      if (!tagged && STATEMENT.test(literal)) out.push(`${where(node)} SQL text outside a sql template: ${literal.slice(0, 60)}`);
      if (tagged && PLACEHOLDER.test(literal)) out.push(`${where(node)} a ? placeholder in a sql template: ${literal.slice(0, 60)}`);
    }
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && /Rows?$/.test(node.name.text)) {
      const literalShape = ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node.type);
      if (literalShape) out.push(`${where(node)} a hand-written row type: ${node.name.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('typed statements', () => {
  it('leaves no SQL text, ? placeholder or hand-written row type in src/', () => {
    expect(sourceFiles(ROOT).flatMap((file) => findings(file))).toEqual([]);
  });

  it('would notice each of them', () => {
    const check = (code: string) => findings(join(ROOT, 'probe.ts'), code).length;
    expect(check("db.all('SELECT id FROM pages WHERE id = ?', [id])")).toBe(1);
    expect(check('db.all(`INSERT INTO t (a) VALUES (${a})`)')).toBe(1);
    expect(check('sql`SELECT 1 FROM t WHERE a = ?`')).toBe(1);
    expect(check('interface PageRow { id: string }')).toBe(1);
    expect(check('sql`SELECT 1 FROM t WHERE a = ${a}`')).toBe(0);
  });
});
