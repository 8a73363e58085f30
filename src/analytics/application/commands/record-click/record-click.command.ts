import { Command } from '@nestjs/cqrs';
import type { Visit } from '../recorded-visit.js';

/** Counts a click on a tracked block of a live page: the block, its label and its target, as they were clicked. */
export class RecordClickCommand extends Command<void> {
  constructor(
    readonly visit: Visit,
    readonly link: { blockId: string; label: string; url: string },
  ) {
    super();
  }
}
