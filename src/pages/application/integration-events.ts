import { outboxMessage, type IntegrationEvent, type OutboxMessage } from '../../platform/outbox/integration-event.js';
import type { PageEvent } from '../domain/page.events.js';

/**
 * The events the pages context publishes (docs/adr/0041): the one place their public types, payloads, schemas and
 * examples are written. The outbox rows, the webhooks and the OpenAPI `webhooks` section are derived from here.
 */

/** `page.published`: the contract's page fields. */
export interface PagePublishedData {
  page: { id: string; title: string; slug: string; published_at: string };
}

export const PAGE_PUBLISHED: IntegrationEvent<'page.published', PagePublishedData> = {
  type: 'page.published',
  summary: 'A page went live, published at once or when its schedule fired',
  schema: {
    type: 'object',
    required: ['page'],
    properties: {
      page: {
        type: 'object',
        required: ['id', 'title', 'slug', 'published_at'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          slug: { type: 'string' },
          published_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
  example: {
    page: { id: 'pg_gad3X3liacH55CKkRPX3MpaV', title: 'Ada Lovelace', slug: 'ada-lovelace', published_at: '2026-11-24T04:25:00.000Z' },
  },
};

/** Every event this context publishes. */
export const PAGES_INTEGRATION_EVENTS = [PAGE_PUBLISHED] as const;

/** The outbox message of a page's domain event; null for one that is not published (a slug change, a cancelled schedule). */
export function pageOutboxMessage(e: PageEvent): OutboxMessage<PagePublishedData> | null {
  switch (e.type) {
    case 'PageSlugChanged':
    case 'PageScheduleCancelled':
      return null;
    case 'PagePublished':
      return outboxMessage(
        PAGE_PUBLISHED,
        e.workspaceId,
        { page: { id: e.pageId, title: e.title, slug: e.slug, published_at: e.publishedAt.toISOString() } },
        e.publishedAt,
      );
  }
}
