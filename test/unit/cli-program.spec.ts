import { describe, expect, it } from '@jest/globals';
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { Standalone } from '../../src/cli-job.js';
import { buildProgram, parseArgs } from '../../src/cli-program.js';
import { packageVersion } from '../../src/package-version.js';

const parseCli = (argv: string[]) => parseArgs(argv).job;
import { PLANS } from '../../src/access/domain/plan.js';
import { SCOPES } from '../../src/access/domain/scope.js';

/** Every command of the tree, the program itself included, with its full name. */
function walk(command: Command, path: string[] = []): [string, Command][] {
  const here: [string, Command] = [[...path, command.name()].join(' '), command];
  return [here, ...command.commands.flatMap((c) => walk(c, [...path, command.name()]))];
}

describe('the operator CLI program', () => {
  const program = buildProgram(() => undefined);
  const commands = walk(program);

  it('has commands to describe', () => {
    expect(commands.map(([name]) => name)).toEqual(expect.arrayContaining(['bio-page key create', 'bio-page secrets re-encrypt']));
  });

  it.each(commands)('describes %s, its options and its arguments', (_, command) => {
    expect(command.description().trim()).not.toBe('');
    for (const option of command.createHelp().visibleOptions(command))
      expect([option.flags, option.description.trim()]).toEqual([option.flags, expect.stringMatching(/\S/)]);
    for (const argument of command.registeredArguments)
      expect([argument.name(), argument.description.trim()]).toEqual([argument.name(), expect.stringMatching(/\S/)]);
  });

  it('names every scope where a key is given scopes, and every plan where a plan is chosen', () => {
    const find = (name: string) => commands.find(([n]) => n === name)![1];
    const scopes = find('bio-page key create').options.find((o) => o.long === '--scopes')!;
    for (const scope of SCOPES) expect(scopes.description).toContain(scope);
    const plan = find('bio-page workspace set-plan').registeredArguments.find((a) => a.name() === 'plan')!;
    for (const p of PLANS) expect(plan.description).toContain(p);
  });

  it('parses contact erase: --email is required, --workspace is optional (every workspace)', () => {
    expect(() => parseCli(['contact', 'erase'])).toThrow(
      expect.objectContaining({ code: 'commander.missingMandatoryOptionValue' }) as never,
    );
    expect(parseCli(['contact', 'erase', '--email', 'a@b.io'])).toEqual(expect.any(Function));
    expect(parseCli(['contact', 'erase', '--email', 'a@b.io', '--workspace', 'ws_1'])).toEqual(expect.any(Function));
  });

  it('parses files migrate (file migrate too): --to is required and must be s3', () => {
    expect(parseCli(['files', 'migrate', '--to', 's3'])).toEqual(expect.any(Function));
    expect(parseCli(['file', 'migrate', '--to', 's3'])).toEqual(expect.any(Function));
    expect(() => parseCli(['files', 'migrate'])).toThrow(
      expect.objectContaining({ code: 'commander.missingMandatoryOptionValue' }) as never,
    );
    expect(() => parseCli(['files', 'migrate', '--to', 'local'])).toThrow(
      expect.objectContaining({ code: 'commander.invalidArgument' }) as never,
    );
  });

  it('parses listen: a job without the application, needing a key and an http(s) --forward-to', () => {
    const saved = process.env.BIO_PAGE_API_KEY;
    delete process.env.BIO_PAGE_API_KEY;
    try {
      expect(parseCli(['listen', '--print-secret', '--api-key', 'bp_live_x'])).toBeInstanceOf(Standalone);
      expect(parseCli(['listen', '--forward-to', 'http://localhost:4242/hook', '--api-key', 'bp_live_x'])).toBeInstanceOf(Standalone);
      expect(() => parseCli(['listen', '--forward-to', 'http://localhost:4242/hook'])).toThrow(/API key is needed/);
      expect(() => parseCli(['listen', '--api-key', 'bp_live_x'])).toThrow(/--forward-to <url> is required/);
      expect(() => parseCli(['listen', '--api-key', 'k', '--forward-to', 'ftp://x/'])).toThrow(/http or https URL/);
      process.env.BIO_PAGE_API_KEY = 'bp_live_env';
      expect(parseCli(['listen', '--print-secret'])).toBeInstanceOf(Standalone);
    } finally {
      if (saved === undefined) delete process.env.BIO_PAGE_API_KEY;
      else process.env.BIO_PAGE_API_KEY = saved;
    }
  });

  it("answers --version with the package's version, as an exit without a job", () => {
    expect(packageVersion()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    const out: string[] = [];
    const spy = process.stdout.write;
    process.stdout.write = ((s: string) => out.push(s) > 0) as typeof process.stdout.write;
    try {
      expect(() => parseCli(['--version'])).toThrow(expect.objectContaining({ code: 'commander.version', exitCode: 0 }) as never);
    } finally {
      process.stdout.write = spy;
    }
    expect(out.join('').trim()).toBe(packageVersion());
  });
});

describe('what a command starts', () => {
  it('starts the access context alone for the workspace and key commands, the whole application for the others', () => {
    for (const argv of [
      ['workspace', 'list'],
      ['workspace', 'create', '--name', 'A'],
      ['workspace', 'set-plan', 'ws_1', 'pro'],
      ['key', 'create', '--workspace', 'ws_1'],
      ['key', 'list', '--workspace', 'ws_1'],
      ['key', 'revoke', 'key_1'],
    ])
      expect([argv.join(' '), parseArgs(argv).contexts]).toEqual([argv.join(' '), ['access']]);
    expect(parseArgs(['secrets', 're-encrypt']).contexts).toBeUndefined();
  });
});
