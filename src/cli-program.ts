// The operator CLI's arguments: parsed before anything of the application is loaded, so `--help`, `--version` and
// bad input answer at once. Only pure domain constants are imported here and in the command files (src/cli-*-commands.ts,
// one per group of commands); each command's job loads the command or query it sends when it runs (src/cli.ts starts
// the application only then).
import { Command as Program, InvalidArgumentError } from 'commander';
import { addKeyCommands, addWorkspaceCommands } from './cli-access-commands.js';
import { addDomainCommands } from './cli-domain-commands.js';
import { addFileCommands } from './cli-file-commands.js';
import type { Job, JobContext, OnJob, Standalone } from './cli-job.js';
import { addContactCommands, addSaleCommands } from './cli-sale-contact-commands.js';
import { addListenCommand, addWebhookCommands } from './cli-webhook-commands.js';
import { packageVersion } from './package-version.js';

/** The options every command takes (before or after the command's name). */
export interface GlobalOptions {
  /** the CLI may create a new embedded PostgreSQL cluster in DATA_DIR (it refuses to otherwise) */
  init: boolean;
}

/**
 * The CLI's commands; the one given on the command line hands its job to `onJob`. Help and version go to stdout,
 * errors are thrown (CommanderError), never printed: the caller prints one line.
 */
export function buildProgram(onJob: OnJob): Program {
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

  addWorkspaceCommands(program, onJob);
  addKeyCommands(program, onJob);
  addFileCommands(program, onJob);
  addSaleCommands(program, onJob);
  addContactCommands(program, onJob);
  addDomainCommands(program, onJob);
  addWebhookCommands(program, onJob);
  addListenCommand(program, onJob);
  return program;
}

/** Parses argv into a job and the global options without loading the application or touching the database. */
export function parseArgs(argv: string[]): { job: Job | Standalone; contexts?: readonly JobContext[]; options: GlobalOptions } {
  let job: Job | Standalone | undefined;
  let contexts: readonly JobContext[] | undefined;
  const program = buildProgram((j, c) => {
    job = j;
    contexts = c;
  }).parse(argv, { from: 'user' });
  if (!job) throw new InvalidArgumentError('no command given; try --help');
  return { job, contexts, options: { init: program.opts<{ init?: boolean }>().init === true } };
}
