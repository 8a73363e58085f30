import { Command } from '@nestjs/cqrs';

/** Check up to `limit` due domains (the checker's turn); answers how many were claimed. */
export class CheckDueDomainsCommand extends Command<number> {
  constructor(readonly limit: number) {
    super();
  }
}
