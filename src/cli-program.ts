// The operator CLI's arguments: parsed before anything of the application is loaded, so `--help`, `--version` and
// bad input answer at once. Only pure domain constants are imported here; each command's job loads the command or
// query it sends when it runs (src/cli.ts starts the application only then).
import { Command as Program, InvalidArgumentError, Option } from 'commander';
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { PLANS } from './access/domain/plan.js';
import { SCOPES } from './access/domain/scope.js';
import { CONTACT_SOURCES } from './audience/domain/contact.js';
import { listingLimit, OPERATOR_LISTING } from './access/domain/operator-listing.js';
import { SALE_KINDS } from './commerce/domain/sale.js';
import { MAX_FILE_BYTES } from './files/domain/workspace-file.js';

export type Job = (ctx: { commands: CommandBus; queries: QueryBus }) => Promise<unknown>;

/**
 * A command that runs without the application (no Nest, no database): `listen`, a client of the public API over
 * HTTP. `run` gets a signal aborted on Ctrl-C or SIGTERM and resolves the exit status.
 */
export class Standalone {
  constructor(readonly run: (signal: AbortSignal) => Promise<number>) {}
}

/** A job's result printed as any other, with an exit status of its own (1: some of the work failed, said on stderr). */
export class Finished {
  constructor(
    readonly result: unknown,
    readonly exitCode: number,
  ) {}
}

/** The package's version (package.json, one folder above src/ and dist/). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

const cents = (value: string): number => {
  if (!/^\d{1,15}$/.test(value)) throw new InvalidArgumentError('must be a whole number of cents');
  return Number(value);
};
const instant = (value: string): Date => {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(d.getTime())) throw new InvalidArgumentError('must be an ISO 8601 instant');
  return d;
};
const pageSize = (value: string): number => {
  const n = listingLimit(value);
  if (n === null) throw new InvalidArgumentError(`must be a whole number from 1 to ${OPERATOR_LISTING.max}`);
  return n;
};
const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const WORKSPACE = 'the workspace id (ws_…)';
const LIMIT = `how many to print, 1 to ${OPERATOR_LISTING.max} (default ${OPERATOR_LISTING.default})`;

/** Says on stderr how to get the next page when a listing printed a full one (stdout stays one JSON array). */
function nextPage<T extends { id: string }>(items: T[], limit: number, what: string): T[] {
  if (items.length === limit && items.length > 0)
    process.stderr.write(`${items.length} ${what} printed, newest first; there may be more: --after ${items.at(-1)!.id}\n`);
  return items;
}

/** The options every command takes (before or after the command's name). */
export interface GlobalOptions {
  /** the CLI may create a new embedded PostgreSQL cluster in DATA_DIR (it refuses to otherwise) */
  init: boolean;
}

/**
 * The CLI's commands; the one given on the command line hands its job to `onJob`. Help and version go to stdout,
 * errors are thrown (CommanderError), never printed: the caller prints one line.
 */
export function buildProgram(onJob: (job: Job | Standalone) => void): Program {
  const program = new Program('bio-page')
    .description(
      'Operator CLI of the bio-page service: prints JSON on stdout. Uses DATABASE_URL, or the embedded PostgreSQL in DATA_DIR ' +
        '(except `listen`, a client of the API), and says which on stderr first. It creates no new embedded cluster unless ' +
        'given --init.',
    )
    .option('--init', 'create the embedded PostgreSQL cluster in DATA_DIR if it holds none (without it the CLI refuses)')
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command]', 'show help for a command')
    .exitOverride()
    .showSuggestionAfterError(false);
  program.configureOutput({ writeErr: () => undefined, writeOut: (s) => process.stdout.write(s) });

  const workspace = program.command('workspace').description('Workspaces and their plans');
  workspace
    .command('create')
    .description('Create a workspace and print it')
    .requiredOption('--name <text>', 'the workspace name')
    .addOption(new Option('--plan <plan>', `its plan: ${PLANS.join(', ')}`).choices(PLANS).default('pro'))
    .action((o: { name: string; plan: string }) => {
      onJob(async ({ commands }) => {
        const { CreateWorkspaceCommand } = await import('./access/index.js');
        return commands.execute(new CreateWorkspaceCommand(o.name, o.plan));
      });
    });
  workspace
    .command('list')
    .description('List the workspaces, newest first, with how many API keys each has (key_count) and how many work (active_key_count)')
    .option('--limit <n>', LIMIT, pageSize, OPERATOR_LISTING.default)
    .option('--after <workspace_id>', 'start after this workspace (the last one of the previous page)')
    .action((o: { limit: number; after?: string }) => {
      onJob(async ({ queries }) => {
        const { ListWorkspacesQuery } = await import('./access/index.js');
        return nextPage(await queries.execute(new ListWorkspacesQuery({ limit: o.limit, after: o.after })), o.limit, 'workspaces');
      });
    });
  workspace
    .command('set-plan')
    .description("Change a workspace's plan (its quota and limits)")
    .argument('<workspace_id>', WORKSPACE)
    .argument('<plan>', `the new plan: ${PLANS.join(', ')}`)
    .action((id: string, plan: string) => {
      if (!(PLANS as readonly string[]).includes(plan)) throw new InvalidArgumentError(`plan must be one of ${PLANS.join(', ')}`);
      onJob(async ({ commands }) => {
        const { SetWorkspacePlanCommand } = await import('./access/index.js');
        return commands.execute(new SetWorkspacePlanCommand(id, plan));
      });
    });

  const key = program.command('key').description('API keys of a workspace');
  key
    .command('create')
    .description('Issue an API key and print it (its secret is shown this once)')
    .requiredOption('--workspace <id>', WORKSPACE)
    .addOption(new Option('--mode <mode>', 'live, or test (a test-mode key may only read)').choices(['live', 'test']).default('live'))
    .option('--scopes <list>', `comma-separated scopes, of: ${SCOPES.join(', ')} (default: all ${SCOPES.length})`, list)
    .option('--expires-at <iso>', 'expiry instant, ISO 8601 (may be in the past)', instant)
    .action((o: { workspace: string; mode: 'live' | 'test'; scopes?: string[]; expiresAt?: Date }) => {
      onJob(async ({ commands }) => {
        const { CreateApiKeyCommand } = await import('./access/index.js');
        return commands.execute(new CreateApiKeyCommand(o.workspace, o.mode, o.scopes, o.expiresAt ?? null));
      });
    });
  key
    .command('list')
    .description("List a workspace's API keys, newest first: prefix, mode, scopes, expiry, revocation, creation (never secrets)")
    .requiredOption('--workspace <id>', WORKSPACE)
    .option('--limit <n>', LIMIT, pageSize, OPERATOR_LISTING.default)
    .option('--after <key_id>', 'start after this key (the last one of the previous page)')
    .action((o: { workspace: string; limit: number; after?: string }) => {
      onJob(async ({ queries }) => {
        const { ListApiKeysQuery } = await import('./access/index.js');
        return nextPage(await queries.execute(new ListApiKeysQuery(o.workspace, { limit: o.limit, after: o.after })), o.limit, 'keys');
      });
    });
  key
    .command('revoke')
    .description('Revoke an API key: it stops working at once')
    .argument('<key_id>', 'the key id (key_…)')
    .action((id: string) => {
      onJob(async ({ commands }) => {
        const { RevokeApiKeyCommand } = await import('./access/index.js');
        return commands.execute(new RevokeApiKeyCommand(id));
      });
    });

  const file = program.command('file').alias('files').description('Files of a workspace, and where their bytes are stored');
  file
    .command('add')
    .description('Store a file for a workspace and print it (with its public path)')
    .requiredOption('--workspace <id>', WORKSPACE)
    .argument('<path>', 'the file to upload')
    .option('--name <name>', 'file name (default: the base name of <path>)')
    .action((path: string, o: { workspace: string; name?: string }) => {
      onJob(async ({ commands }) => {
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) throw new InvalidArgumentError(`no such file: ${path}`);
        if (info.size > MAX_FILE_BYTES) throw new InvalidArgumentError(`files are limited to ${MAX_FILE_BYTES} bytes`);
        const given = o.name ?? basename(path);
        const [{ default: mime }, { fileTypeFromBuffer }, { isUploadType, nameForType }, { AddFileCommand }] = await Promise.all([
          import('mime'),
          import('file-type'),
          import('./files/domain/upload-rules.js'),
          import('./files/index.js'),
        ]);
        const bytes = await readFile(path);
        // Bytes with the signature of an upload type are that type, and the name takes its extension, as an
        // upload's does (`x.html` holding a PNG is `x.png`, ADR 0061); other files keep the type their name says.
        const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
        const [name, type] =
          sniffed && isUploadType(sniffed)
            ? [nameForType(given.trim(), sniffed), sniffed]
            : [given, mime.getType(given) ?? 'application/octet-stream'];
        return commands.execute(new AddFileCommand(o.workspace, name, type, bytes));
      });
    });
  file
    .command('migrate')
    .description(
      "Copy every workspace's files from the local directory (FILE_STORAGE_DIR) to the object store the S3_* settings " +
        'name, while the service keeps serving (FILE_STORAGE may still be local). Each object is read back and checked ' +
        '(size, SHA-256); files the bucket holds already are skipped, so a run that stopped is run again. Progress on ' +
        'stderr, a summary on stdout; exits 1 if any file failed',
    )
    .addOption(new Option('--to <store>', 'where to: s3').choices(['s3']).makeOptionMandatory())
    .action(() => {
      onJob(async ({ commands }) => {
        const [{ s3SettingsOf, ConfigError }, { MigrateFilesCommand }] = await Promise.all([
          import('./platform/config/config.js'),
          import('./files/index.js'),
        ]);
        let target;
        try {
          target = s3SettingsOf(process.env);
        } catch (err) {
          throw err instanceof ConfigError ? new InvalidArgumentError(err.message) : err;
        }
        const summary = await commands.execute(new MigrateFilesCommand(target, (line) => process.stderr.write(`${line}\n`)));
        return new Finished(summary, summary.failed > 0 ? 1 : 0);
      });
    });

  const sale = program.command('sale').description('Sales (tips and products)');
  sale
    .command('record')
    .description('Record a sale (emits sale.paid)')
    .requiredOption('--workspace <id>', WORKSPACE)
    .addOption(new Option('--kind <kind>', `what was sold: ${SALE_KINDS.join(', ')}`).choices(SALE_KINDS).makeOptionMandatory())
    .requiredOption('--gross <cents>', 'gross amount in cents', cents)
    .option('--net <cents>', 'net amount in cents (default: gross)', cents)
    .requiredOption('--currency <code>', 'ISO 4217 code, e.g. usd')
    .requiredOption('--email <email>', "the customer's e-mail address")
    .action((o: { workspace: string; kind: string; gross: number; net?: number; currency: string; email: string }) => {
      onJob(async ({ commands }) => {
        const { RecordSaleCommand } = await import('./commerce/index.js');
        return commands.execute(new RecordSaleCommand(o.workspace, o.kind, o.gross, o.net, o.currency, o.email));
      });
    });
  sale
    .command('refund')
    .description('Refund a sale (emits sale.refunded)')
    .argument('<sale_id>', 'the sale id (sale_…)')
    .option('--workspace <id>', `${WORKSPACE}; found from the sale when left out`)
    .action((id: string, o: { workspace?: string }) => {
      onJob(async ({ commands }) => {
        const { RefundSaleCommand } = await import('./commerce/index.js');
        return commands.execute(new RefundSaleCommand(id, o.workspace));
      });
    });

  const contact = program.command('contact').description('Contacts of a workspace');
  contact
    .command('capture')
    .description('Capture a contact (emits contact.created)')
    .requiredOption('--workspace <id>', WORKSPACE)
    .requiredOption('--email <email>', "the contact's e-mail address")
    .option('--name <name>', "the contact's name")
    .addOption(
      new Option('--source <source>', `where it came from: ${CONTACT_SOURCES.join(', ')}`).choices(CONTACT_SOURCES).default('FORM'),
    )
    .option('--page <page_id>', 'the page it was captured on (pg_…, of this workspace)')
    .option('--block <block_id>', 'the block it was captured by (blk_…, on that page)')
    .action((o: { workspace: string; email: string; name?: string; source: string; page?: string; block?: string }) => {
      onJob(async ({ commands }) => {
        const { CaptureContactCommand } = await import('./audience/index.js');
        return commands.execute(new CaptureContactCommand(o.workspace, o.email, o.name, o.source, o.page, o.block));
      });
    });
  contact
    .command('erase')
    .description(
      'Erase every contact with this address for good (a subscriber asking to be forgotten): address and name go from ' +
        'the contacts, stored responses, events and webhook payloads; emits contact.deleted for each; prints the tombstones',
    )
    .requiredOption('--email <email>', "the subscriber's e-mail address (any case)")
    .option('--workspace <id>', `${WORKSPACE}; default: every workspace`)
    .action((o: { email: string; workspace?: string }) => {
      onJob(async ({ commands }) => {
        const { EraseContactsByEmailCommand } = await import('./audience/index.js');
        return commands.execute(new EraseContactsByEmailCommand(o.email, o.workspace));
      });
    });

  program
    .command('notification')
    .description('Notifications to workspace owners (e.g. a webhook endpoint disabled after 20 failed deliveries)')
    .command('list')
    .description("List the notifications recorded for a workspace's owner, newest first")
    .requiredOption('--workspace <id>', WORKSPACE)
    .action((o: { workspace: string }) => {
      onJob(async ({ queries }) => {
        const { ListOwnerNotificationsQuery } = await import('./webhooks/index.js');
        return queries.execute(new ListOwnerNotificationsQuery(o.workspace));
      });
    });

  program
    .command('secrets')
    .description('Stored secrets (webhook signing secrets, stored idempotent responses)')
    .command('re-encrypt')
    .description(
      'Rewrite every secret sealed under SECRET_ENCRYPTION_KEY_PREVIOUS under SECRET_ENCRYPTION_KEY (last step of a master-key rotation)',
    )
    .action(() => {
      onJob(async ({ commands }) => {
        const { ReencryptSecretsCommand } = await import('./webhooks/index.js');
        return commands.execute(new ReencryptSecretsCommand());
      });
    });

  program
    .command('listen')
    .description(
      "Forward the events of the API key's workspace to a local URL as they are published, signed the Standard Webhooks " +
        'way (webhooks on a laptop: no inbound connection, no setting on the server). A client of the API over HTTP: it ' +
        'needs no database. Prints the ready line with the signing secret, then one line per event (time, type, id, the ' +
        "local answer's status or error, duration) on stdout; connection notices on stderr. Reconnects (0.5 s to 5 s) " +
        'and resumes without losing or repeating an event; a local receiver that fails is not retried. Ctrl-C stops it',
    )
    .option('--forward-to <url>', 'the local URL each event is POSTed to, e.g. http://localhost:4242/webhooks')
    .option('--events <types>', 'only these event types, comma-separated (default: all)', list)
    .option('--api-key <key>', 'an API key with the webhooks:read scope (default: $BIO_PAGE_API_KEY)')
    .option('--api-url <url>', 'the API base URL (default: $BIO_PAGE_API_URL, else http://127.0.0.1:3000)')
    .option('--print-secret', 'print the signing secret for this API key (the same on every run) and exit')
    .action((o: { forwardTo?: string; events?: string[]; apiKey?: string; apiUrl?: string; printSecret?: boolean }) => {
      const apiKey = o.apiKey ?? process.env.BIO_PAGE_API_KEY;
      if (!apiKey) throw new InvalidArgumentError('an API key is needed: --api-key, or BIO_PAGE_API_KEY');
      if (o.printSecret) {
        onJob(
          new Standalone(async () => {
            const { sessionSecret } = await import('./listen/session-secret.js');
            process.stdout.write(`${sessionSecret(apiKey)}\n`);
            return 0;
          }),
        );
        return;
      }
      if (!o.forwardTo) throw new InvalidArgumentError('--forward-to <url> is required');
      const forwardTo = httpUrl(o.forwardTo, '--forward-to');
      const apiUrl = httpUrl(o.apiUrl ?? process.env.BIO_PAGE_API_URL ?? 'http://127.0.0.1:3000', '--api-url');
      onJob(
        new Standalone(async (signal) => {
          const { listen } = await import('./listen/listen.js');
          return listen({
            forwardTo,
            apiUrl,
            apiKey,
            events: o.events?.length ? o.events : undefined,
            signal,
            userAgent: `bio-page-listen/${packageVersion()}`,
            out: (line) => process.stdout.write(`${line}\n`),
            err: (line) => process.stderr.write(`${line}\n`),
          });
        }),
      );
    });

  return program;
}

function httpUrl(value: string, option: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`${option} must be an http or https URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError(`${option} must be an http or https URL`);
  return url;
}

/** Parses argv into a job and the global options without loading the application or touching the database. */
export function parseArgs(argv: string[]): { job: Job | Standalone; options: GlobalOptions } {
  let job: Job | Standalone | undefined;
  const program = buildProgram((j) => (job = j)).parse(argv, { from: 'user' });
  if (!job) throw new InvalidArgumentError('no command given; try --help');
  return { job, options: { init: program.opts<{ init?: boolean }>().init === true } };
}
