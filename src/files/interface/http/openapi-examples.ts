import type { SchemaExamples } from '../../../platform/openapi/examples.js';

/** The files context's response examples. */
export const FILES_EXAMPLES: SchemaExamples = {
  FileList: {
    files: {
      summary: 'The newest files',
      value: {
        data: [
          {
            id: 'file_oKkPqBQUp59nnUPyLSbrtct9',
            name: 'cover.png',
            mime_type: 'image/png',
            size_bytes: 48213,
            public_path: '/files/file_oKkPqBQUp59nnUPyLSbrtct9/cover.png',
            created_at: '2026-11-24T04:24:59.378Z',
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
};
