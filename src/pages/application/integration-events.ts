import { z } from 'zod';
import { integrationEvent, newOutboxEvent, type NewOutboxEvent } from '../../platform/outbox/integration-event.js';
import type { PageEvent } from '../domain/page.events.js';

/**
 * The events the pages context publishes (docs/adr/0041): the one place their public types, payloads and examples
 * are written. The outbox rows, the webhooks and the OpenAPI `webhooks` section are derived from here.
 */

/** `page.published`: the contract's page fields. */
const PagePublishedData = z.object({
  page: z.object({ id: z.string(), title: z.string(), slug: z.string(), published_at: z.iso.datetime() }),
});
export type PagePublishedData = z.infer<typeof PagePublishedData>;

export const PAGE_PUBLISHED = integrationEvent({
  type: 'page.published',
  summary: 'A page went live, published at once or when its schedule fired',
  data: PagePublishedData,
  example: {
    page: { id: 'pg_gad3X3liacH55CKkRPX3MpaV', title: 'Ada Lovelace', slug: 'ada-lovelace', published_at: '2026-11-24T04:25:00.000Z' },
  },
});

/** Every event this context publishes. */
export const PAGES_INTEGRATION_EVENTS = [PAGE_PUBLISHED] as const;

/** The outbox message of a page's domain event; null for one that is not published (a slug change, a cancelled schedule). */
export function pageOutboxEvent(e: PageEvent): NewOutboxEvent<PagePublishedData> | null {
  switch (e.type) {
    case 'PageSlugChanged':
    case 'PageScheduleCancelled':
      return null;
    case 'PagePublished':
      return newOutboxEvent(
        PAGE_PUBLISHED,
        e.workspaceId,
        { page: { id: e.pageId, title: e.title, slug: e.slug, published_at: e.publishedAt.toISOString() } },
        e.publishedAt,
      );
  }
}
