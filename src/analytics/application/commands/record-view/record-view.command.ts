import { Command } from '@nestjs/cqrs';
import type { ViewRequest } from '../../../domain/view-counting.js';
import type { Visit } from '../recorded-visit.js';

/**
 * Counts a view of a live page, unless the request is not one a person made (`request`: HEAD, a prefetch, a load
 * as something other than a document, a robot) or its address is past its limit (docs/adr/0037). Without
 * `request` (a caller that has already decided) the view is counted.
 */
export class RecordViewCommand extends Command<void> {
  constructor(
    readonly visit: Visit,
    readonly request?: ViewRequest,
  ) {
    super();
  }
}
