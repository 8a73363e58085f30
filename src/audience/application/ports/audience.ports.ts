import type { Contact, ContactState } from '../../domain/contact.js';

/** The contact as stored: the new one (`created`), or the one already captured before. */
export interface AddedContact {
  contact: ContactState;
  created: boolean;
}

export abstract class ContactRepository {
  /**
   * Stores a new contact with its outbox row, or returns the one already captured from the same page and source
   * for this e-mail (a repeated sign-up is not a duplicate; nothing is written then).
   */
  abstract add(contact: Contact): Promise<AddedContact>;
}

/**
 * Answers whether a page (and optionally one of its blocks) belongs to a workspace, so a contact never
 * points at another workspace's page. The adapter asks the pages context (PageHasSourceQuery).
 */
export abstract class SourceDirectory {
  abstract belongsTo(workspaceId: string, pageId: string, blockId: string | null): Promise<boolean>;
}
