import { z } from 'zod';
import { integrationEvent, newOutboxEvent, type NewOutboxEvent } from '../../platform/outbox/integration-event.js';
import type { ContactEvent } from '../domain/contact.js';
import { contactView, ContactView } from './contact.view.js';

/**
 * The events the audience context publishes (docs/adr/0041): the one place their public types, payloads and
 * examples are written. The outbox rows, the webhooks and the OpenAPI `webhooks` section are derived from here.
 */

/** `contact.created`: the contact as the API shows it. */
const ContactCreatedData = z.object({ contact: ContactView });
export type ContactCreatedData = z.infer<typeof ContactCreatedData>;

export const CONTACT_CREATED = integrationEvent({
  type: 'contact.created',
  summary: 'A contact was captured (newsletter sign-up, form, gated download)',
  data: ContactCreatedData,
  example: {
    contact: {
      id: 'ctc_cLp43rqhFcXg17oX6uXoOplP',
      email: 'reader@example.com',
      name: 'Reader',
      source: 'NEWSLETTER',
      source_block_id: 'blk_Q2h5dGpMbDd1Wk9xYkR6',
      created_at: '2026-11-24T04:24:59.368Z',
    },
  },
});

/** `contact.deleted`: which contact was erased, and when; no personal data (docs/adr/0044), so nothing more is allowed. */
const ContactDeletedData = z.object({ contact: z.strictObject({ id: z.string(), deleted_at: z.iso.datetime() }) });
export type ContactDeletedData = z.infer<typeof ContactDeletedData>;

export const CONTACT_DELETED = integrationEvent({
  type: 'contact.deleted',
  summary: 'A contact was erased at its request: erase your copy of it (no personal data is sent)',
  data: ContactDeletedData,
  example: { contact: { id: CONTACT_CREATED.example.contact.id, deleted_at: '2026-11-26T09:12:03.511Z' } },
});

/** Every event this context publishes. */
export const AUDIENCE_INTEGRATION_EVENTS = [CONTACT_CREATED, CONTACT_DELETED] as const;

/** The outbox message of a contact's domain event. */
export function contactOutboxEvent(e: ContactEvent): NewOutboxEvent<ContactCreatedData | ContactDeletedData> {
  switch (e.type) {
    case 'ContactCaptured':
      return newOutboxEvent(CONTACT_CREATED, e.contact.workspaceId, { contact: contactView(e.contact) }, e.contact.createdAt);
    case 'ContactErased':
      return newOutboxEvent(
        CONTACT_DELETED,
        e.workspaceId,
        { contact: { id: e.contactId, deleted_at: e.deletedAt.toISOString() } },
        e.deletedAt,
      );
  }
}
