import { Injectable } from '@nestjs/common';
import { PersonalData } from '../../platform/erasure/personal-data.js';
import { Clock } from '../../platform/time/clock.js';
import type { Contact } from '../domain/contact.js';
import { redactContact } from '../domain/contact-redaction.js';
import { ContactRepository } from './ports/audience.ports.js';

/** No lower bound on a copy's age (`PersonalDataErasure.since`). */
const ANY_AGE = new Date(0);

/** A contact as an erasure leaves it: the tombstone's id and instant, nothing personal. */
export interface ErasedContactView {
  id: string;
  workspace_id: string;
  deleted_at: string;
}

/**
 * Erases one contact for good (docs/adr/0044), in the caller's transaction: the contact becomes a tombstone (no
 * address, no name) with its `contact.deleted` outbox row, and every copy the service keeps (stored idempotent
 * responses, outbox rows, webhook payloads and their delivery logs) is redacted, all or nothing.
 */
@Injectable()
export class ContactErasure {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly personalData: PersonalData,
    private readonly clock: Clock,
  ) {}

  /** `contact` was read under its lock; an erased one is refused as not found. */
  async erase(contact: Contact): Promise<ErasedContactView> {
    const { id, workspaceId, email } = contact.state;
    const now = this.clock.now();
    contact.erase(now);
    await this.contacts.saveErased(contact);
    // A live contact has its address (the table's check); the copies are found by it and by the id.
    const subject = { id, email: email! };
    await this.personalData.erase({
      workspaceId,
      // Whatever their age: a copy of the address can be older than the contact (a sale's `sale.*` outbox row and
      // envelope, recorded before the buyer signed up; docs/adr/0058). The stores' retention bounds the scan.
      since: ANY_AGE,
      needles: [id.toLowerCase(), subject.email.toLowerCase()],
      redact: (record) => redactContact(record, subject),
      now,
    });
    return { id, workspace_id: workspaceId, deleted_at: now.toISOString() };
  }
}
