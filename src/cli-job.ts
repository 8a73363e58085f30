// What a command of the operator CLI hands to src/cli.ts: a job for the application's buses, or a command that runs
// without the application. A leaf module, so src/cli-program.ts and the command files all import it.
import type { CommandBus, QueryBus } from '@nestjs/cqrs';

export type Job = (ctx: { commands: CommandBus; queries: QueryBus }) => Promise<unknown>;

/**
 * The bounded contexts a job's commands and queries live in, when it names them: the CLI then starts the platform and
 * those modules only, not the whole application (an operator command answers within a second). Unnamed: all of it.
 */
export type JobContext = 'access' | 'custom-domains';

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

/** Where a command, once parsed, hands over its job, and the contexts it needs (unnamed: the whole application). */
export type OnJob = (job: Job | Standalone, contexts?: readonly JobContext[]) => void;
