import { Command } from '@nestjs/cqrs';

/**
 * Publishes pages whose scheduled publish is due (the scheduler sends it): up to `limit`, and no more than `maxBytes`
 * of draft blocks unless one page alone is larger. Returns how many.
 */
export class FireDueSchedulesCommand extends Command<number> {
  constructor(
    readonly limit: number,
    readonly maxBytes?: number,
  ) {
    super();
  }
}
