import { outboxMessage, type IntegrationEvent, type OutboxMessage } from '../../platform/outbox/integration-event.js';
import type { SaleEvent } from '../domain/sale.js';
import { saleView, type SaleView } from './sale.views.js';

/**
 * The events the commerce context publishes (docs/adr/0041): the one place their public types, payloads, schemas
 * and examples are written. The outbox rows, the webhooks and the OpenAPI `webhooks` section are derived from here.
 */

/** `sale.paid` and `sale.refunded`: the sale's contract fields. */
export interface SaleEventData {
  sale: SaleView;
}

const WEBHOOK_SALE = {
  type: 'object',
  required: ['id', 'kind', 'gross_amount_cents', 'net_amount_cents', 'currency', 'customer_email', 'created_at'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['PRODUCT', 'TIP'] },
    gross_amount_cents: { type: 'integer' },
    net_amount_cents: { type: 'integer' },
    currency: { type: 'string' },
    customer_email: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
};

const SALE_DATA = { type: 'object', required: ['sale'], properties: { sale: { $ref: '#/components/schemas/WebhookSale' } } };

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

export const SALE_PAID: IntegrationEvent<'sale.paid', SaleEventData> = {
  type: 'sale.paid',
  summary: 'A tip or digital-product sale completed',
  schema: SALE_DATA,
  example: SALE_EXAMPLE,
  components: { WebhookSale: WEBHOOK_SALE },
};

export const SALE_REFUNDED: IntegrationEvent<'sale.refunded', SaleEventData> = {
  type: 'sale.refunded',
  summary: 'A sale was refunded',
  schema: SALE_DATA,
  example: SALE_EXAMPLE,
  components: { WebhookSale: WEBHOOK_SALE },
};

/** Every event this context publishes. */
export const COMMERCE_INTEGRATION_EVENTS = [SALE_PAID, SALE_REFUNDED] as const;

/** The outbox message of a sale's domain event. */
export function saleOutboxMessage(e: SaleEvent): OutboxMessage<SaleEventData> {
  switch (e.type) {
    case 'SalePaid':
      return outboxMessage(SALE_PAID, e.sale.workspaceId, { sale: saleView(e.sale) }, e.sale.createdAt);
    case 'SaleRefunded':
      return outboxMessage(SALE_REFUNDED, e.sale.workspaceId, { sale: saleView(e.sale) }, e.sale.refundedAt!);
  }
}
