import 'reflect-metadata';
import { Command as Program, CommanderError, InvalidArgumentError, Option } from 'commander';
import { NestFactory } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import mime from 'mime';
import { prepare } from './bootstrap.js';
import { AppModule } from './app.module.js';
import { DomainError } from './platform/domain/domain-error.js';
import {
  CreateApiKeyCommand,
  CreateWorkspaceCommand,
  ListApiKeysQuery,
  PLANS,
  RevokeApiKeyCommand,
  SetWorkspacePlanCommand,
} from './access/index.js';
import { CaptureContactCommand, CONTACT_SOURCES } from './audience/index.js';
import { AddFileCommand, MAX_FILE_BYTES } from './files/index.js';
import { RecordSaleCommand, RefundSaleCommand, SALE_KINDS } from './commerce/index.js';
import { ListOwnerNotificationsQuery, ReencryptSecretsCommand } from './webhooks/index.js';

type Job = (ctx: { commands: CommandBus; queries: QueryBus }) => Promise<unknown>;

const cents = (value: string): number => {
  if (!/^\d{1,15}$/.test(value)) throw new InvalidArgumentError('must be a whole number of cents');
  return Number(value);
};
const instant = (value: string): Date => {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(d.getTime())) throw new InvalidArgumentError('must be an ISO 8601 instant');
  return d;
};
const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Parses argv into a job without touching the database, so bad input fails fast. */
export function parseCli(argv: string[]): Job {
  let job: Job | undefined;
  const program = new Program('bio-page').description('Operator CLI: prints JSON on stdout').exitOverride().showSuggestionAfterError(false);
  program.configureOutput({ writeErr: () => undefined, writeOut: (s) => process.stdout.write(s) });

  const workspace = program.command('workspace').description('Workspaces and plans');
  workspace
    .command('create')
    .requiredOption('--name <text>', 'workspace name')
    .addOption(new Option('--plan <plan>', 'plan').choices(PLANS).default('pro'))
    .action((o: { name: string; plan: string }) => {
      job = ({ commands }) => commands.execute(new CreateWorkspaceCommand(o.name, o.plan));
    });
  workspace
    .command('set-plan')
    .argument('<workspace_id>')
    .argument('<plan>', PLANS.join('|'))
    .action((id: string, plan: string) => {
      if (!(PLANS as readonly string[]).includes(plan)) throw new InvalidArgumentError(`plan must be one of ${PLANS.join(', ')}`);
      job = ({ commands }) => commands.execute(new SetWorkspacePlanCommand(id, plan));
    });

  const key = program.command('key').description('API keys');
  key
    .command('create')
    .requiredOption('--workspace <id>')
    .addOption(new Option('--mode <mode>').choices(['live', 'test']).default('live'))
    .option('--scopes <list>', 'comma-separated scopes (default: all eight)', list)
    .option('--expires-at <iso>', 'expiry instant (may be in the past)', instant)
    .action((o: { workspace: string; mode: 'live' | 'test'; scopes?: string[]; expiresAt?: Date }) => {
      job = ({ commands }) => commands.execute(new CreateApiKeyCommand(o.workspace, o.mode, o.scopes, o.expiresAt ?? null));
    });
  key
    .command('list')
    .requiredOption('--workspace <id>')
    .action((o: { workspace: string }) => {
      job = ({ queries }) => queries.execute(new ListApiKeysQuery(o.workspace));
    });
  key
    .command('revoke')
    .argument('<key_id>')
    .action((id: string) => {
      job = ({ commands }) => commands.execute(new RevokeApiKeyCommand(id));
    });

  program
    .command('file')
    .description('Workspace files')
    .command('add')
    .requiredOption('--workspace <id>')
    .argument('<path>', 'file to upload')
    .option('--name <name>', 'file name (default: the base name of <path>)')
    .action((path: string, o: { workspace: string; name?: string }) => {
      job = async ({ commands }) => {
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) throw new InvalidArgumentError(`no such file: ${path}`);
        if (info.size > MAX_FILE_BYTES) throw new InvalidArgumentError(`files are limited to ${MAX_FILE_BYTES} bytes`);
        const name = o.name ?? basename(path);
        const type = mime.getType(name) ?? 'application/octet-stream';
        return commands.execute(new AddFileCommand(o.workspace, name, type, await readFile(path)));
      };
    });

  const sale = program.command('sale').description('Sales (tips and products)');
  sale
    .command('record')
    .requiredOption('--workspace <id>')
    .addOption(new Option('--kind <kind>').choices(SALE_KINDS).makeOptionMandatory())
    .requiredOption('--gross <cents>', 'gross amount in cents', cents)
    .option('--net <cents>', 'net amount in cents (default: gross)', cents)
    .requiredOption('--currency <code>', 'ISO 4217 code, e.g. usd')
    .requiredOption('--email <email>', 'customer e-mail')
    .action((o: { workspace: string; kind: string; gross: number; net?: number; currency: string; email: string }) => {
      job = ({ commands }) => commands.execute(new RecordSaleCommand(o.workspace, o.kind, o.gross, o.net, o.currency, o.email));
    });
  sale
    .command('refund')
    .argument('<sale_id>')
    .action((id: string) => {
      job = ({ commands }) => commands.execute(new RefundSaleCommand(id));
    });

  program
    .command('contact')
    .description('Contacts')
    .command('capture')
    .requiredOption('--workspace <id>')
    .requiredOption('--email <email>')
    .option('--name <name>')
    .addOption(new Option('--source <source>').choices(CONTACT_SOURCES).default('FORM'))
    .option('--page <page_id>')
    .option('--block <block_id>')
    .action((o: { workspace: string; email: string; name?: string; source: string; page?: string; block?: string }) => {
      job = ({ commands }) => commands.execute(new CaptureContactCommand(o.workspace, o.email, o.name, o.source, o.page, o.block));
    });

  program
    .command('notification')
    .description('Notifications to workspace owners (e.g. a webhook endpoint disabled after 20 failed deliveries)')
    .command('list')
    .requiredOption('--workspace <id>')
    .action((o: { workspace: string }) => {
      job = ({ queries }) => queries.execute(new ListOwnerNotificationsQuery(o.workspace));
    });

  program
    .command('secrets')
    .description('Stored secrets (webhook signing secrets)')
    .command('re-encrypt')
    .description(
      'Rewrite every secret sealed under SECRET_ENCRYPTION_KEY_PREVIOUS under SECRET_ENCRYPTION_KEY (last step of a master-key rotation)',
    )
    .action(() => {
      job = ({ commands }) => commands.execute(new ReencryptSecretsCommand());
    });

  program.parse(argv, { from: 'user' });
  if (!job) throw new InvalidArgumentError('no command given; try --help');
  return job;
}

function oneLine(err: unknown): string {
  if (err instanceof DomainError) return `error: ${err.code}: ${err.message}`;
  const message = err instanceof Error ? err.message : String(err);
  return message.startsWith('error:') ? message.split('\n')[0]! : `error: ${message.split('\n')[0]}`;
}

async function main(): Promise<number> {
  let job: Job;
  try {
    job = parseCli(process.argv.slice(2));
  } catch (err) {
    if (err instanceof CommanderError && err.exitCode === 0) return 0; // --help
    const message = err instanceof CommanderError && err.code === 'commander.help' ? 'error: no command given; try --help' : oneLine(err);
    process.stderr.write(`${message}\n`);
    return 2;
  }
  const { config, runtime, embedded } = await prepare({ runWorkers: false, logLevel: 'error' });
  let app: INestApplicationContext | undefined;
  try {
    app = await NestFactory.createApplicationContext(AppModule.forRoot(config, runtime), { logger: false });
    const result = await job({ commands: app.get(CommandBus), queries: app.get(QueryBus) });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`${oneLine(err)}\n`);
    return err instanceof DomainError || err instanceof InvalidArgumentError ? 2 : 1;
  } finally {
    await app?.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${oneLine(err)}\n`);
    process.exit(1);
  },
);
