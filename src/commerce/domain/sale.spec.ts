import { describe, expect, it } from '@jest/globals';
import { Sale } from './sale.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const base = {
  id: 'sale_1',
  workspaceId: 'ws_1',
  kind: 'TIP',
  grossAmountCents: 500,
  currency: 'USD',
  customerEmail: 'Fan@Example.com',
  now,
};

describe('Sale', () => {
  it('records a paid sale with net defaulting to gross and a lower-case currency', () => {
    const sale = Sale.record(base);
    expect(sale.state).toMatchObject({
      kind: 'TIP',
      grossAmountCents: 500,
      netAmountCents: 500,
      currency: 'usd',
      customerEmail: 'fan@example.com',
      refundedAt: null,
    });
    expect(sale.pullEvents()).toEqual([{ type: 'SalePaid', sale: sale.state }]);
  });

  it('refunds once and reports the same sale', () => {
    const sale = Sale.record({ ...base, kind: 'PRODUCT', netAmountCents: 450 });
    const later = new Date(now.getTime() + 1000);
    sale.pullEvents();
    sale.refund(later);
    const [event] = sale.pullEvents();
    expect(event!.type).toBe('SaleRefunded');
    expect(event!.sale).toMatchObject({ id: 'sale_1', netAmountCents: 450, refundedAt: later });
    expect(() => sale.refund(later)).toThrow(/already refunded/);
  });

  it('records its events for the repository to pull, once', () => {
    const sale = Sale.record(base);
    const later = new Date(now.getTime() + 1000);
    sale.refund(later);
    const paid = { type: 'SalePaid', sale: { ...sale.state, refundedAt: null } };
    const refunded = { type: 'SaleRefunded', sale: sale.state };
    expect(sale.pullEvents()).toEqual([paid, refunded]);
    expect(sale.pullEvents()).toEqual([]);
  });

  it.each([
    [{ kind: 'GIFT' }, /kind/],
    [{ grossAmountCents: 0 }, /gross/],
    [{ grossAmountCents: 1.5 }, /gross/],
    [{ netAmountCents: 501 }, /net/],
    [{ netAmountCents: -1 }, /net/],
    [{ currency: 'dollars' }, /currency/],
    [{ customerEmail: 'nope' }, /e-mail/],
  ])('refuses %j', (override, message) => {
    expect(() => Sale.record({ ...base, ...override })).toThrow(message);
  });
});
