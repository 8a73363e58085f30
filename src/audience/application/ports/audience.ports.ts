import type { Contact } from '../../domain/contact.js';

export abstract class ContactRepository {
  abstract add(contact: Contact): Promise<void>;
}

/**
 * Answers whether a page (and optionally one of its blocks) belongs to a workspace, so a contact never
 * points at another workspace's page. Implemented by the pages context.
 */
export abstract class SourceDirectory {
  abstract belongsTo(workspaceId: string, pageId: string, blockId: string | null): Promise<boolean>;
}
