import { Command } from '@nestjs/cqrs';

/** Writes the visits this process has buffered so far (for tests and tools that read the tables at once). */
export class FlushVisitsCommand extends Command<boolean> {}
