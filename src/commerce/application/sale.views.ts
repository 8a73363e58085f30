import type { SaleState } from '../domain/sale.js';

export interface SaleView {
  id: string;
  kind: string;
  gross_amount_cents: number;
  net_amount_cents: number;
  currency: string;
  customer_email: string;
  created_at: string;
}

/** The sale object of `sale.paid` / `sale.refunded` (contract fields only). */
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
