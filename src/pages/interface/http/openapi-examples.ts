import type { SchemaExamples } from '../../../platform/openapi/examples.js';

const PAGE_ID = 'pg_gad3X3liacH55CKkRPX3MpaV';
const STAMP = '2026-11-24T04:24:59.411Z';
const LINK = {
  id: 'blk_pMNIyoKjTFw7iicFhLWr0nop',
  kind: 'LINK',
  enabled: true,
  label: 'My latest talk',
  data: { url: 'https://example.com/talk', title: 'My latest talk' },
  file_url: null,
  file_name: null,
};
const IMAGE = {
  id: 'blk_jU9rGVmgOLwRjlT2vixWSi2n',
  kind: 'IMAGE',
  enabled: true,
  label: 'Cover',
  data: { alt: 'Cover' },
  file_url: '/files/file_oKkPqBQUp59nnUPyLSbrtct9/cover.png',
  file_name: 'cover.png',
};
const AVATAR_FILE_ID = 'file_oKkPqBQUp59nnUPyLSbrtct9';
const DRAFT_PAGE = {
  id: PAGE_ID,
  title: 'Ada Lovelace',
  description: 'Notes, talks and links',
  slug: 'ada-lovelace',
  status: 'DRAFT',
  locale: 'en',
  public_url: null,
  avatar_file_id: null as string | null,
  theme: { label: 'Classic', preset_key: 'classic' },
  draft: { updated_at: STAMP, block_count: 2, blocks: [LINK, IMAGE] },
  published: { is_live: false, block_count: 0, live_updated_at: null },
  scheduled_for: null as string | null,
};
const LIVE_PAGE = {
  ...DRAFT_PAGE,
  status: 'PUBLISHED',
  public_url: 'https://bio.example.com/p/ada-lovelace',
  published: { is_live: true, block_count: 2, live_updated_at: STAMP },
};
const SCHEDULED_FOR = '2026-12-01T09:00:00.000Z';
const SCHEDULED_PAGE = {
  ...DRAFT_PAGE,
  scheduled_for: SCHEDULED_FOR,
  draft: { ...DRAFT_PAGE.draft, updated_at: '2026-11-24T04:26:03.150Z' },
};
const MOVED_PAGE = {
  ...LIVE_PAGE,
  slug: 'ada',
  public_url: 'https://bio.example.com/p/ada',
  avatar_file_id: AVATAR_FILE_ID,
  draft: { ...LIVE_PAGE.draft, updated_at: '2026-11-24T04:31:12.087Z' },
};

/** The pages context's request and response examples (taken from real responses). */
export const PAGES_EXAMPLES: SchemaExamples = {
  CreatePageBody: {
    page: { summary: 'A page with a description', value: { title: 'Ada Lovelace', description: 'Notes, talks and links' } },
    address: {
      summary: 'A page with its own address and an avatar',
      value: { title: 'Ada Lovelace', slug: 'ada', avatar_file_id: AVATAR_FILE_ID },
    },
  },
  UpdatePageBody: {
    retitle: { summary: 'Change the title (live at once)', value: { expected_updated_at: STAMP, title: 'Ada L.' } },
    address: {
      summary: 'Move the page to a new address (the old one redirects for 90 days) and set its avatar',
      value: { expected_updated_at: STAMP, slug: 'ada', avatar_file_id: AVATAR_FILE_ID },
    },
    no_avatar: { summary: 'Remove the avatar', value: { expected_updated_at: STAMP, avatar_file_id: null } },
    blocks: {
      summary: 'Edit a block, hide another and reorder (draft only)',
      value: {
        expected_updated_at: STAMP,
        block_updates: [
          { block_id: LINK.id, data: { title: 'Watch my latest talk', description: null } },
          { block_id: IMAGE.id, enabled: false },
        ],
        block_order: [IMAGE.id, LINK.id],
      },
    },
  },
  AddBlockBody: {
    link: {
      summary: 'A LINK block',
      value: { expected_updated_at: STAMP, kind: 'LINK', data: { url: 'https://example.com/talk', title: 'My latest talk' } },
    },
    image: {
      summary: 'An IMAGE block showing a workspace file',
      value: { expected_updated_at: STAMP, kind: 'IMAGE', data: { alt: 'Cover' }, file_url: IMAGE.file_url },
    },
    newsletter: { summary: 'A NEWSLETTER sign-up (no data needed)', value: { expected_updated_at: STAMP, kind: 'NEWSLETTER' } },
  },
  PublishBody: {
    now: { summary: 'Publish now', value: {} },
    schedule: { summary: 'Schedule the publish', value: { starts_at: '2026-12-01T09:00:00Z' } },
    checked: {
      summary: 'Publish now, only if the draft is still the one read (else 409 stale_snapshot)',
      value: { expected_updated_at: STAMP },
    },
  },
  CreatePreviewLinkBody: {
    day: { summary: 'A link that works for a day (the default; the body may also be left out)', value: {} },
    hour: { summary: 'A link that works for an hour', value: { expires_in: 3600 } },
  },
  PreviewLinkResponse: {
    link: {
      summary: "A link to the page's current draft",
      value: {
        object: 'preview_link',
        page_id: PAGE_ID,
        url: 'https://bio.example.com/preview/pg_gad3X3liacH55CKkRPX3MpaV.ws_7Hq2vNc0YbR4mTz8KpL1sWd6.0.tp1ixo.SxfflxmAGCcbGnHCtEcAUQ',
        expires_at: '2026-11-25T04:25:00.000Z',
      },
    },
  },
  EmptyBody: { empty: { summary: 'No fields: the body may also be left out', value: {} } },
  PageResponse: {
    draft: { summary: 'A draft page with two blocks', value: DRAFT_PAGE },
    scheduled: { summary: 'A draft page with a publish scheduled (cancelSchedule calls it off)', value: SCHEDULED_PAGE },
    moved: { summary: 'A live page moved to its own address, with an avatar', value: MOVED_PAGE },
  },
  PublishResponse: {
    now: { summary: 'Published now', value: { page: LIVE_PAGE, scheduled_for: null } },
    scheduled: { summary: 'Scheduled', value: { page: SCHEDULED_PAGE, scheduled_for: SCHEDULED_FOR } },
  },
  PageList: {
    page: {
      summary: 'One page of results; pass `next_cursor` as `after` for the next',
      value: {
        data: [
          {
            id: PAGE_ID,
            title: 'Ada Lovelace',
            slug: 'ada-lovelace',
            status: 'PUBLISHED',
            block_count: 2,
            public_url: LIVE_PAGE.public_url,
            updated_at: STAMP,
            scheduled_for: null,
          },
          {
            id: 'pg_Q2mV8rKc1XhT5nLw9ZbE3yAd',
            title: 'Winter sale',
            slug: 'winter-sale',
            status: 'DRAFT',
            block_count: 4,
            public_url: null,
            updated_at: '2026-11-24T04:20:41.902Z',
            scheduled_for: SCHEDULED_FOR,
          },
        ],
        has_more: true,
        next_cursor: 'eyJrIjpbIjIwMjYtMTEtMjRUMDQ6MjQ6NTkuNDExWiJdfQ',
      },
    },
  },
};
