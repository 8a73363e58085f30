import type { SchemaExamples } from '../../../platform/openapi/examples.js';
import { CONTACT_CREATED } from '../../application/integration-events.js';

/** The audience context's response examples (the contact is the one the `contact.created` example carries). */
export const AUDIENCE_EXAMPLES: SchemaExamples = {
  ContactList: {
    contacts: {
      summary: 'The newest contacts',
      value: {
        data: [CONTACT_CREATED.example.contact],
        has_more: false,
        next_cursor: null,
      },
    },
  },
};
