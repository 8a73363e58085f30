/** The audience context's public entry: what other contexts, the site, the CLI and tests may use. Everything else is private. */
export { CaptureContactCommand } from './application/commands/capture-contact/capture-contact.command.js';
export { EraseContactCommand } from './application/commands/erase-contact/erase-contact.command.js';
export { EraseContactsByEmailCommand } from './application/commands/erase-contacts-by-email/erase-contacts-by-email.command.js';
export { ListContactsQuery } from './application/queries/list-contacts/list-contacts.query.js';
export type { ContactView } from './application/contact.view.js';
export { CONTACT_SOURCES } from './domain/contact.js';
export { AUDIENCE_EXAMPLES } from './interface/http/openapi-examples.js';
/** The events this context publishes, with their contracts (docs/adr/0041). */
export { AUDIENCE_INTEGRATION_EVENTS, CONTACT_CREATED, CONTACT_DELETED } from './application/integration-events.js';
