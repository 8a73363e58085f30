import type { ContactState } from '../domain/contact.js';

export interface ContactView {
  id: string;
  email: string;
  name: string | null;
  source: string;
  source_block_id: string | null;
  created_at: string;
}

export const contactView = (c: ContactState): ContactView => ({
  id: c.id,
  email: c.email,
  name: c.name,
  source: c.source,
  source_block_id: c.sourceBlockId,
  created_at: c.createdAt.toISOString(),
});
