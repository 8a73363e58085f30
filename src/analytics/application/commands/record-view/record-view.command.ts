import { Command } from '@nestjs/cqrs';
import type { Visit } from '../visit-fact.js';

/** Counts a view of a live page. */
export class RecordViewCommand extends Command<void> {
  constructor(readonly visit: Visit) {
    super();
  }
}
