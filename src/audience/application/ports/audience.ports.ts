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
  /** A contact of the workspace, live or erased (a tombstone); with `lock`, locked until the transaction ends. */
  abstract byId(workspaceId: string, id: string, options?: { lock?: boolean }): Promise<Contact | null>;
  /** The live contacts with this (normalised) address, of one workspace or of every one, in id order, locked. */
  abstract lockByEmail(email: string, workspaceId: string | undefined): Promise<Contact[]>;
  /** Saves an erased contact as its tombstone (no address, no name), with its outbox row (`contact.deleted`). */
  abstract saveErased(contact: Contact): Promise<void>;
}

/**
 * Answers whether a page (and optionally one of its blocks) belongs to a workspace, so a contact never
 * points at another workspace's page. The adapter asks the pages context (PageHasSourceQuery).
 */
export abstract class SourceDirectory {
  abstract belongsTo(workspaceId: string, pageId: string, blockId: string | null): Promise<boolean>;
}
