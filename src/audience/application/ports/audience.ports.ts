import type { Contact, ContactState } from '../../domain/contact.js';

export abstract class ContactRepository {
  /**
   * Stores a new contact, or returns the one already captured from the same page and source for this
   * e-mail (a repeated sign-up is not a duplicate; nothing is written then).
   */
  abstract add(contact: Contact): Promise<ContactState | null>;
}

/**
 * Answers whether a page (and optionally one of its blocks) belongs to a workspace, so a contact never
 * points at another workspace's page. The adapter asks the pages context (PageHasSourceQuery).
 */
export abstract class SourceDirectory {
  abstract belongsTo(workspaceId: string, pageId: string, blockId: string | null): Promise<boolean>;
}
