import { AggregateRoot } from '../../platform/domain/aggregate-root.js';
import { NotFoundError, ValidationError } from '../../platform/domain/domain-error.js';
import { normaliseEmail } from '../../platform/domain/email.js';
import { findInvisible, invisibleProblem } from '../../platform/domain/invisible-characters.js';

export const CONTACT_SOURCES = ['NEWSLETTER', 'FORM', 'GATED_DOWNLOAD'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/**
 * What an erased contact's address reads as wherever a copy of it was kept (stored responses, webhook payloads):
 * an address of the reserved `.invalid` domain (RFC 2606), so it is still a valid e-mail and can reach nobody.
 */
export const ERASED_EMAIL = 'erased@erased.invalid';

export interface ContactState {
  id: string;
  workspaceId: string;
  /** null once erased */
  email: string | null;
  name: string | null;
  source: ContactSource;
  sourcePageId: string | null;
  sourceBlockId: string | null;
  createdAt: Date;
  /** when the contact was erased: it is then a tombstone that only counts (no address, no name) */
  deletedAt: Date | null;
}

/** Raised when a contact is captured (published as `contact.created`, application/integration-events.ts). */
export interface ContactCaptured {
  type: 'ContactCaptured';
  contact: ContactState;
}

/** Raised when a contact is erased (published as `contact.deleted`): it carries no personal data. */
export interface ContactErased {
  type: 'ContactErased';
  contactId: string;
  workspaceId: string;
  deletedAt: Date;
}

export type ContactEvent = ContactCaptured | ContactErased;

/**
 * A captured contact (newsletter sign-up, form submission, gated download). Immutable once captured, except that
 * it can be erased (a subscriber's request, GDPR art. 17): its address and name are dropped for good and it stays
 * as a tombstone (id, workspace, source, page, block, instants) so that counts of captured contacts do not drop.
 * An erased contact is gone for every use but counting: it cannot be erased again.
 */
export class Contact extends AggregateRoot<ContactEvent> {
  private current: Readonly<ContactState>;

  private constructor(state: Readonly<ContactState>) {
    super();
    this.current = state;
  }

  get state(): Readonly<ContactState> {
    return this.current;
  }

  /** A stored contact, live or erased. */
  static restore(state: ContactState): Contact {
    return new Contact({ ...state });
  }

  static capture(input: {
    id: string;
    workspaceId: string;
    email: string;
    name?: string | null;
    source?: string;
    sourcePageId?: string | null;
    sourceBlockId?: string | null;
    now: Date;
  }): Contact {
    const email = normaliseEmail(input.email);
    if (!email) throw ValidationError.parameter('email', 'The e-mail address is not valid.');
    const name = input.name?.trim() || null;
    if (name && name.length > 200) throw ValidationError.parameter('name', 'The name must be at most 200 characters.');
    // Checked before String.trim, which would drop a BOM or a line separator at the ends without a word.
    const hidden = name ? findInvisible(input.name!.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, ''), 'line') : null;
    if (hidden) throw ValidationError.parameter('name', `The name ${invisibleProblem(hidden)}.`);
    const source = (input.source ?? 'FORM') as ContactSource;
    if (!CONTACT_SOURCES.includes(source)) {
      throw ValidationError.parameter('source', `The source must be one of ${CONTACT_SOURCES.join(', ')}.`);
    }
    if (input.sourceBlockId && !input.sourcePageId) {
      throw ValidationError.parameter('block', 'A source block needs its page.');
    }
    const contact = new Contact({
      id: input.id,
      workspaceId: input.workspaceId,
      email,
      name,
      source,
      sourcePageId: input.sourcePageId ?? null,
      sourceBlockId: input.sourceBlockId ?? null,
      createdAt: input.now,
      deletedAt: null,
    });
    contact.record({ type: 'ContactCaptured', contact: contact.state });
    return contact;
  }

  get erased(): boolean {
    return this.current.deletedAt !== null;
  }

  /**
   * Erases the contact's personal data: the address and the name go, the rest stays as a tombstone. An erased
   * contact is no longer found (404), as an unknown one.
   */
  erase(now: Date): void {
    if (this.erased) throw new NotFoundError('contact');
    this.current = { ...this.current, email: null, name: null, deletedAt: now };
    this.record({ type: 'ContactErased', contactId: this.current.id, workspaceId: this.current.workspaceId, deletedAt: now });
  }
}
