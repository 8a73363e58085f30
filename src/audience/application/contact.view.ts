import { z } from 'zod';
import { EVENT_COMPONENTS } from '../../platform/outbox/integration-event.js';
import { CONTACT_SOURCES, ERASED_EMAIL, type ContactState } from '../domain/contact.js';
import type { ContactRow } from '../infrastructure/audience.tables.js';

/** The contact as the API and `contact.created` show it; the API's `ContactResponse` (interface/http) documents it. */
export const ContactView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  source: z.enum(CONTACT_SOURCES),
  source_block_id: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type ContactView = z.infer<typeof ContactView>;
EVENT_COMPONENTS.add(ContactView, { id: 'ContactResponse', api: true });

/** The contact as the API shows it (an erased one, which the API never lists, would read as the placeholder). */
export const contactView = (c: ContactState): ContactView => ({
  id: c.id,
  email: c.email ?? ERASED_EMAIL,
  name: c.name,
  source: c.source,
  source_block_id: c.sourceBlockId,
  created_at: c.createdAt.toISOString(),
});

export const contactFromRow = (r: ContactRow): ContactState => ({
  id: r.id,
  workspaceId: r.workspace_id,
  email: r.email,
  name: r.name,
  source: r.source,
  sourcePageId: r.source_page_id,
  sourceBlockId: r.source_block_id,
  createdAt: r.created_at,
  deletedAt: r.deleted_at,
});
