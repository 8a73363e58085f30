import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { GetWorkspaceQuery } from '../../../../access/index.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError, ValidationError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { Contact } from '../../../domain/contact.js';
import { contactView, type ContactView } from '../../contact.view.js';
import { ContactRepository, SourceDirectory } from '../../ports/audience.ports.js';
import { CaptureContactCommand } from './capture-contact.command.js';

/** Captures a contact; the repository writes its outbox row (application/integration-events.ts) in the same transaction. */
@CommandHandler(CaptureContactCommand)
@Transactional()
export class CaptureContactHandler implements ICommandHandler<CaptureContactCommand, ContactView> {
  constructor(
    private readonly queries: QueryBus,
    private readonly contacts: ContactRepository,
    private readonly sources: SourceDirectory,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: CaptureContactCommand): Promise<ContactView> {
    if (!(await this.queries.execute(new GetWorkspaceQuery(cmd.workspaceId)))) throw new NotFoundError('workspace');
    if (cmd.blockId && !cmd.pageId) throw ValidationError.parameter('block', 'A source block needs its page (--page).');
    if (cmd.pageId && !(await this.sources.belongsTo(cmd.workspaceId, cmd.pageId, cmd.blockId ?? null))) {
      throw ValidationError.parameter(cmd.blockId ? 'block' : 'page', 'No such page or block in this workspace.');
    }
    const contact = Contact.capture({
      id: this.ids.next('ctc'),
      workspaceId: cmd.workspaceId,
      email: cmd.email,
      name: cmd.name,
      source: cmd.source,
      sourcePageId: cmd.pageId,
      sourceBlockId: cmd.blockId,
      now: this.clock.now(),
    });
    // The same person signing up again gets the existing contact: nothing is written, no second event.
    const stored = await this.contacts.add(contact);
    return contactView(stored.contact);
  }
}
