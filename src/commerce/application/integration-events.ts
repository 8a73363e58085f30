import { z } from 'zod';
import { integrationEvent, newOutboxEvent, type NewOutboxEvent } from '../../platform/outbox/integration-event.js';
import type { SaleEvent } from '../domain/sale.js';
import { saleView, SaleView } from './sale.views.js';

/**
 * The events the commerce context publishes (docs/adr/0041): the one place their public types, payloads and
 * examples are written. The outbox rows, the webhooks and the OpenAPI `webhooks` section are derived from here.
 */

/** `sale.paid` and `sale.refunded`: the sale's contract fields. */
const SaleEventData = z.object({ sale: SaleView });
export type SaleEventData = z.infer<typeof SaleEventData>;

const SALE_EXAMPLE: SaleEventData = {
  sale: {
    id: 'sale_Zt2kQ8vYc1mNp4RxWd7LsA0e',
    kind: 'TIP',
    gross_amount_cents: 500,
    net_amount_cents: 450,
    currency: 'usd',
    customer_email: 'fan@example.com',
    created_at: '2026-11-24T04:31:10.000Z',
  },
};

export const SALE_PAID = integrationEvent({
  type: 'sale.paid',
  summary: 'A tip or digital-product sale completed',
  data: SaleEventData,
  example: SALE_EXAMPLE,
});

export const SALE_REFUNDED = integrationEvent({
  type: 'sale.refunded',
  summary: 'A sale was refunded',
  data: SaleEventData,
  example: SALE_EXAMPLE,
});

/** Every event this context publishes. */
export const COMMERCE_INTEGRATION_EVENTS = [SALE_PAID, SALE_REFUNDED] as const;

/** The outbox message of a sale's domain event. */
export function saleOutboxEvent(e: SaleEvent): NewOutboxEvent<SaleEventData> {
  switch (e.type) {
    case 'SalePaid':
      return newOutboxEvent(SALE_PAID, e.sale.workspaceId, { sale: saleView(e.sale) }, e.sale.createdAt);
    case 'SaleRefunded':
      return newOutboxEvent(SALE_REFUNDED, e.sale.workspaceId, { sale: saleView(e.sale) }, e.sale.refundedAt!);
  }
}
