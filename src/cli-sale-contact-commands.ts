// The operator CLI's commands on sales (the commerce context) and contacts (the audience context).
import { Option } from 'commander';
import type { Command as Program } from 'commander';
import { CONTACT_SOURCES } from './audience/domain/contact.js';
import { SALE_KINDS } from './commerce/domain/sale.js';
import { cents, WORKSPACE } from './cli-arguments.js';
import type { OnJob } from './cli-job.js';

/** `sale record|refund`. */
export function addSaleCommands(program: Program, onJob: OnJob): void {
  const sale = program.command('sale').description('Sales (tips and products)');
  sale
    .command('record')
    .description('Record a sale (emits sale.paid)')
    .requiredOption('--workspace <id>', WORKSPACE)
    .addOption(new Option('--kind <kind>', `what was sold: ${SALE_KINDS.join(', ')}`).choices(SALE_KINDS).makeOptionMandatory())
    .requiredOption('--gross <cents>', 'gross amount in cents', cents)
    .option('--net <cents>', 'net amount in cents (default: gross)', cents)
    .requiredOption('--currency <code>', 'ISO 4217 code, e.g. usd')
    .requiredOption('--email <email>', "the customer's e-mail address")
    .action((o: { workspace: string; kind: string; gross: number; net?: number; currency: string; email: string }) => {
      onJob(async ({ commands }) => {
        const { RecordSaleCommand } = await import('./commerce/index.js');
        return commands.execute(new RecordSaleCommand(o.workspace, o.kind, o.gross, o.net, o.currency, o.email));
      });
    });
  sale
    .command('refund')
    .description('Refund a sale (emits sale.refunded)')
    .argument('<sale_id>', 'the sale id (sale_…)')
    .option('--workspace <id>', `${WORKSPACE}; found from the sale when left out`)
    .action((id: string, o: { workspace?: string }) => {
      onJob(async ({ commands }) => {
        const { RefundSaleCommand } = await import('./commerce/index.js');
        return commands.execute(new RefundSaleCommand(id, o.workspace));
      });
    });
}

/** `contact capture|erase`. */
export function addContactCommands(program: Program, onJob: OnJob): void {
  const contact = program.command('contact').description('Contacts of a workspace');
  contact
    .command('capture')
    .description('Capture a contact (emits contact.created)')
    .requiredOption('--workspace <id>', WORKSPACE)
    .requiredOption('--email <email>', "the contact's e-mail address")
    .option('--name <name>', "the contact's name")
    .addOption(
      new Option('--source <source>', `where it came from: ${CONTACT_SOURCES.join(', ')}`).choices(CONTACT_SOURCES).default('FORM'),
    )
    .option('--page <page_id>', 'the page it was captured on (pg_…, of this workspace)')
    .option('--block <block_id>', 'the block it was captured by (blk_…, on that page)')
    .action((o: { workspace: string; email: string; name?: string; source: string; page?: string; block?: string }) => {
      onJob(async ({ commands }) => {
        const { CaptureContactCommand } = await import('./audience/index.js');
        return commands.execute(new CaptureContactCommand(o.workspace, o.email, o.name, o.source, o.page, o.block));
      });
    });
  contact
    .command('erase')
    .description(
      'Erase every contact with this address for good (a subscriber asking to be forgotten): address and name go from ' +
        'the contacts, stored responses, events and webhook payloads; emits contact.deleted for each; prints the tombstones',
    )
    .requiredOption('--email <email>', "the subscriber's e-mail address (any case)")
    .option('--workspace <id>', `${WORKSPACE}; default: every workspace`)
    .action((o: { email: string; workspace?: string }) => {
      onJob(async ({ commands }) => {
        const { EraseContactsByEmailCommand } = await import('./audience/index.js');
        return commands.execute(new EraseContactsByEmailCommand(o.email, o.workspace));
      });
    });
}
