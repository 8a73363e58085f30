import { AggregateRoot } from '../../platform/domain/aggregate-root.js';
import { ValidationError } from '../../platform/domain/domain-error.js';
import { normaliseEmail } from '../../platform/domain/email.js';

export const CONTACT_SOURCES = ['NEWSLETTER', 'FORM', 'GATED_DOWNLOAD'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export interface ContactState {
  id: string;
  workspaceId: string;
  email: string;
  name: string | null;
  source: ContactSource;
  sourcePageId: string | null;
  sourceBlockId: string | null;
  createdAt: Date;
}

/** Raised when a contact is captured (published as `contact.created`, application/integration-events.ts). */
export interface ContactCaptured {
  type: 'ContactCaptured';
  contact: ContactState;
}

export type ContactEvent = ContactCaptured;

/** A captured contact (newsletter sign-up, form submission, gated download). Immutable once captured. */
export class Contact extends AggregateRoot<ContactEvent> {
  private constructor(readonly state: Readonly<ContactState>) {
    super();
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
    });
    contact.record({ type: 'ContactCaptured', contact: contact.state });
    return contact;
  }
}
