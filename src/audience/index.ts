/** The audience context's public entry: what other contexts, the site, the CLI and tests may use. */
export { CaptureContactCommand } from './application/capture-contact.js';
export { ListContactsQuery } from './application/list-contacts.js';
export type { ContactView } from './application/contact.view.js';
