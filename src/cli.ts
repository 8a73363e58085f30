// The operator CLI (`npm run cli -- …`, bin/bio-page). Its arguments are parsed first (src/cli-program.ts):
// `--help`, `--version` and bad input answer without loading the application; a command's job then starts it
// (`listen` never does: it is a client of the API, src/listen/).
import { CommanderError, InvalidArgumentError } from 'commander';
import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import { enableCompileCache } from 'node:module';
import { Finished, Standalone, type Job, type JobContext } from './cli-job.js';
import type { AppRuntime } from './platform/config/config.module.js';
import type { AppConfig } from './platform/config/config.js';
import { parseArgs, type GlobalOptions } from './cli-program.js';
import { DomainError } from './platform/domain/domain-error.js';

function oneLine(err: unknown): string {
  if (err instanceof DomainError) return `error: ${err.code}: ${err.message}`;
  const message = err instanceof Error ? err.message : String(err);
  return message.startsWith('error:') ? message.split('\n')[0]! : `error: ${message.split('\n')[0]}`;
}

/** Each context a job may name, and its module (loaded only when named). */
const CONTEXT_MODULES: Record<JobContext, () => Promise<Type>> = {
  access: async () => (await import('./access/access.module.js')).AccessModule,
  'custom-domains': async () => (await import('./custom-domains/custom-domains.module.js')).CustomDomainsModule,
};

/**
 * What a job starts: the platform and the contexts it names (a command on workspaces and keys starts the access
 * context alone, in about half the time), or the whole application when it names none.
 */
async function applicationFor(contexts: readonly JobContext[] | undefined, config: AppConfig, runtime: AppRuntime): Promise<DynamicModule> {
  if (!contexts) return (await import('./app.module.js')).AppModule.forRoot(config, runtime);
  const [{ Module }, { CqrsModule }, { PlatformModule }] = await Promise.all([
    import('@nestjs/common'),
    import('@nestjs/cqrs'),
    import('./platform/platform.module.js'),
  ]);
  const modules = await Promise.all(contexts.map((c) => CONTEXT_MODULES[c]()));
  @Module({})
  class CliModule {}
  return { module: CliModule, imports: [PlatformModule.forRoot(config, runtime), CqrsModule.forRoot(), ...modules] };
}

async function main(): Promise<number> {
  let job: Job | Standalone;
  let contexts: readonly JobContext[] | undefined;
  let options: GlobalOptions;
  try {
    ({ job, contexts, options } = parseArgs(process.argv.slice(2)));
  } catch (err) {
    if (err instanceof CommanderError && err.exitCode === 0) return 0; // --help, --version
    const message = err instanceof CommanderError && err.code === 'commander.help' ? 'error: no command given; try --help' : oneLine(err);
    process.stderr.write(`${message}\n`);
    return 2;
  }
  if (job instanceof Standalone) return runStandalone(job);
  // The application, loaded only now that there is a command to run; its compiled code is cached on disk between runs
  // (Node's compile cache, in the system's temporary folder): a command runs many times a day.
  enableCompileCache?.();
  await import('reflect-metadata');
  const [{ prepare }, { NestFactory }, { CommandBus, QueryBus }] = await Promise.all([
    import('./bootstrap.js'),
    import('@nestjs/core'),
    import('@nestjs/cqrs'),
  ]);
  // Which database, said once on stderr before it is touched; a DATA_DIR without a cluster gets one only with --init.
  const { config, runtime, embedded } = await prepare({
    runWorkers: false,
    logLevel: 'error',
    createCluster: options.init,
    onDatabase: (line) => process.stderr.write(`${line}\n`),
  });
  let app: INestApplicationContext | undefined;
  try {
    app = await NestFactory.createApplicationContext(await applicationFor(contexts, config, runtime), { logger: false });
    const result = await job({ commands: app.get(CommandBus), queries: app.get(QueryBus) });
    const finished = result instanceof Finished ? result : new Finished(result, 0);
    process.stdout.write(`${JSON.stringify(finished.result, null, 2)}\n`);
    return finished.exitCode;
  } catch (err) {
    process.stderr.write(`${oneLine(err)}\n`);
    return err instanceof DomainError || err instanceof InvalidArgumentError ? 2 : 1;
  } finally {
    await app?.close();
    await embedded?.stop();
  }
}

/** A command without the application (`listen`): Ctrl-C or SIGTERM asks it to stop; a second Ctrl-C exits at once. */
async function runStandalone(job: Standalone): Promise<number> {
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(signal === 'SIGINT' ? 130 : 143);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await job.run(stop.signal);
  } catch (err) {
    process.stderr.write(`${oneLine(err)}\n`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${oneLine(err)}\n`);
    process.exit(1);
  },
);
