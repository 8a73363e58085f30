import { Command } from '@nestjs/cqrs';

/** Publishes up to `limit` pages whose scheduled publish is due (the scheduler sends it); returns how many. */
export class FireDueSchedulesCommand extends Command<number> {
  constructor(readonly limit: number) {
    super();
  }
}
