import type { SchemaExamples } from '../../../platform/openapi/examples.js';

/** The files context's response examples. */
export const FILES_EXAMPLES: SchemaExamples = {
  UploadFileBody: {
    png: {
      summary: 'A PNG image: a part named file, with filename="cover.png" and Content-Type image/png',
      value: { file: '(the bytes of cover.png)' },
    },
  },
  FileResponse: {
    png: {
      summary: 'The uploaded file; its public_path can be a block file_url at once',
      value: {
        id: 'file_oKkPqBQUp59nnUPyLSbrtct9',
        name: 'cover.png',
        mime_type: 'image/png',
        size_bytes: 48213,
        public_path: '/files/file_oKkPqBQUp59nnUPyLSbrtct9/cover.png',
        created_at: '2026-11-24T04:24:59.378Z',
      },
    },
  },
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
