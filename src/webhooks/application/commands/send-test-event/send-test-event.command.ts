import { Command } from '@nestjs/cqrs';
import type { TestSendView } from './send-test-event.view.js';

export class SendTestEventCommand extends Command<TestSendView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}
