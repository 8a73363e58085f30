import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SDK_DIR = resolve('clients/typescript');
const ROOT_MODULES = resolve('node_modules');
const TSC = join(ROOT_MODULES, '.bin/tsc');
/** The SDK's dependencies (and Node's types for the compile check), linked from the service's node_modules: no network. */
const LINKED = ['openapi-fetch', 'openapi-typescript-helpers', 'standardwebhooks', '@types/node'];

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Runs a consumer's script with the project's Node (asynchronously: the stub it calls lives in this process). */
function node(script: string, cwd: string, stubUrl: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, fail) =>
    execFile(
      process.execPath,
      [script],
      { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, STUB_URL: stubUrl } },
      (error, stdout, stderr) => (error ? fail(new Error(`${script}: ${error.message}\n${stderr}`)) : done({ stdout, stderr })),
    ),
  );
}

/** A consumer project with the packed SDK installed from its tarball (extracted as npm would) and the deps linked. */
function project(root: string, name: string, tarball: string, type: 'commonjs' | 'module', files: Record<string, string>): string {
  const dir = join(root, name);
  const sdk = join(dir, 'node_modules/@bio-page/sdk');
  mkdirSync(sdk, { recursive: true });
  run('tar', ['-xzf', tarball, '-C', sdk, '--strip-components=1'], dir);
  for (const dep of LINKED) {
    mkdirSync(join(dir, 'node_modules', dep, '..'), { recursive: true });
    symlinkSync(join(ROOT_MODULES, dep), join(dir, 'node_modules', dep));
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

const compilerOptions = (module: string) => ({
  module,
  target: 'ES2022',
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  lib: ['ES2022', 'DOM'],
  types: ['node'],
});

/** What each project's TypeScript file does with the SDK (the README's first example); it must type-check. */
const TYPED_USE = `import { BioPage, RateLimitError } from '@bio-page/sdk';

export async function main(bp: BioPage): Promise<unknown> {
  const page = await bp.pages.create({ title: 'My links' });
  const requestId: string | null = page.lastResponse.requestId;
  await bp.pages.addBlock(page.id, { expected_updated_at: page.draft.updated_at, kind: 'TEXT', data: { text: 'Hi' } });
  // @ts-expect-error a LINK block with a TEXT block's data
  await bp.pages.addBlock(page.id, { expected_updated_at: page.draft.updated_at, kind: 'LINK', data: { text: 'Hi' } });
  return [requestId, RateLimitError];
}
`;

/** What each project runs: a call to the stub, through the module system of the project. */
const CALL = `const bp = new BioPage({ apiKey: 'bp_test_x', baseUrl: process.env.STUB_URL });
bp.pages.create({ title: 'Packed' }).then((page) => {
  console.log(JSON.stringify({ resolved, id: page.id, key: page.lastResponse.idempotencyKey, errors: typeof RateLimitError }));
});
`;

/**
 * The SDK as its users get it: `npm pack` (which builds ESM into dist/esm and CommonJS into dist/cjs), the tarball
 * installed in a CommonJS project and in an ESM project, each of which requires or imports it, calls a stub API,
 * and type-checks a TypeScript file against it (module commonjs, and nodenext in a CommonJS and an ESM package).
 */
describe('the packed TypeScript SDK', () => {
  let root: string;
  let tarball: string;
  let stub: Server;
  let stubUrl: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bio-page-sdk-'));
    run('npm', ['pack', '--pack-destination', root, '--silent'], SDK_DIR);
    tarball = join(
      root,
      readdirSync(root).find((f) => f.endsWith('.tgz'))!,
    );
    stub = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'req_1' }).end('{"id":"pg_packed"}'));
    });
    await new Promise<void>((done) => stub.listen(0, '127.0.0.1', done));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await new Promise((done) => stub.close(done));
    rmSync(root, { recursive: true, force: true });
  });

  it('is required from a CommonJS project, and type-checks there with module commonjs and nodenext', async () => {
    const dir = project(root, 'cjs-consumer', tarball, 'commonjs', {
      'index.cjs': [
        `const { BioPage, RateLimitError } = require('@bio-page/sdk');`,
        `const resolved = require.resolve('@bio-page/sdk');`,
        CALL,
      ].join('\n'),
      'use.ts': TYPED_USE,
      'tsconfig.json': JSON.stringify({ compilerOptions: compilerOptions('commonjs'), files: ['use.ts'] }),
      'tsconfig.nodenext.json': JSON.stringify({ compilerOptions: compilerOptions('nodenext'), files: ['use.ts'] }),
    });
    const result = await node('index.cjs', dir, stubUrl);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({
      resolved: join(dir, 'node_modules/@bio-page/sdk/dist/cjs/index.js'),
      id: 'pg_packed',
      errors: 'function',
    });
    expect(printed.key).toMatch(/^[0-9a-f-]{36}$/);
    run(TSC, ['-p', 'tsconfig.json'], dir);
    run(TSC, ['-p', 'tsconfig.nodenext.json'], dir);
  });

  it('is imported from an ESM project, and type-checks there with nodenext', async () => {
    const dir = project(root, 'esm-consumer', tarball, 'module', {
      'index.js': [
        `import { BioPage, RateLimitError } from '@bio-page/sdk';`,
        `const resolved = import.meta.resolve('@bio-page/sdk');`,
        CALL,
      ].join('\n'),
      'use.ts': TYPED_USE,
      'tsconfig.json': JSON.stringify({ compilerOptions: compilerOptions('nodenext'), files: ['use.ts'] }),
    });
    const result = await node('index.js', dir, stubUrl);
    const resolved = `file://${join(dir, 'node_modules/@bio-page/sdk/dist/esm/index.js')}`;
    expect(JSON.parse(result.stdout)).toMatchObject({ resolved, id: 'pg_packed', errors: 'function' });
    run(TSC, ['-p', 'tsconfig.json'], dir);
  });

  it('installs from a clone with one command (npm install --install-links <clone>/clients/typescript), built on the way', async () => {
    const dir = join(root, 'one-command');
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'one-command', private: true, type: 'module' }));
    // The README's command; its dependencies come from npm's cache when they are there (the clone's install filled it).
    run('npm', ['install', '--install-links', '--prefer-offline', '--no-audit', '--no-fund', SDK_DIR], dir);
    writeFileSync(
      join(dir, 'index.js'),
      [`import { BioPage, RateLimitError } from '@bio-page/sdk';`, `const resolved = import.meta.resolve('@bio-page/sdk');`, CALL].join(
        '\n',
      ),
    );
    const result = await node('index.js', dir, stubUrl);
    const resolved = `file://${join(dir, 'node_modules/@bio-page/sdk/dist/esm/index.js')}`;
    expect(JSON.parse(result.stdout)).toMatchObject({ resolved, id: 'pg_packed', errors: 'function' });
  }, 180_000);
});
