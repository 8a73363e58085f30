import type { SchemaExamples } from '../../../platform/openapi/examples.js';

/** The audience context's response examples. */
export const AUDIENCE_EXAMPLES: SchemaExamples = {
  ContactList: {
    contacts: {
      summary: 'The newest contacts',
      value: {
        data: [
          {
            id: 'ctc_cLp43rqhFcXg17oX6uXoOplP',
            email: 'reader@example.com',
            name: 'Reader',
            source: 'NEWSLETTER',
            source_block_id: 'blk_Q2h5dGpMbDd1Wk9xYkR6',
            created_at: '2026-11-24T04:24:59.368Z',
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
};
