import { z } from 'zod';
import { EVENT_COMPONENTS } from '../../platform/outbox/integration-event.js';
import { SALE_KINDS, type SaleState } from '../domain/sale.js';

/** The sale of `sale.paid` and `sale.refunded`: the contract's fields, the `WebhookSale` component schema. */
export const SaleView = z.object({
  id: z.string(),
  kind: z.enum(SALE_KINDS),
  gross_amount_cents: z.int(),
  net_amount_cents: z.int(),
  currency: z.string(),
  customer_email: z.string(),
  created_at: z.iso.datetime(),
});
export type SaleView = z.infer<typeof SaleView>;
EVENT_COMPONENTS.add(SaleView, { id: 'WebhookSale' });

/** The view of a sale. */
export const saleView = (s: SaleState): SaleView => ({
  id: s.id,
  kind: s.kind,
  gross_amount_cents: s.grossAmountCents,
  net_amount_cents: s.netAmountCents,
  currency: s.currency,
  customer_email: s.customerEmail,
  created_at: s.createdAt.toISOString(),
});

/** The operator's view adds the refund instant. */
export type SaleRecordView = SaleView & { refunded_at: string | null };
export const saleRecordView = (s: SaleState): SaleRecordView => ({ ...saleView(s), refunded_at: s.refundedAt?.toISOString() ?? null });
