import { AggregateRoot } from '../../platform/domain/aggregate-root.js';
import { DomainError, ValidationError } from '../../platform/domain/domain-error.js';
import { normaliseEmail } from '../../platform/domain/email.js';

export const SALE_KINDS = ['PRODUCT', 'TIP'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

export interface SaleState {
  id: string;
  workspaceId: string;
  kind: SaleKind;
  grossAmountCents: number;
  netAmountCents: number;
  currency: string;
  customerEmail: string;
  createdAt: Date;
  refundedAt: Date | null;
}

/** Raised when a sale is recorded (paid) and when it is refunded (published as `sale.*`, application/integration-events.ts). */
export type SaleEvent = { type: 'SalePaid'; sale: SaleState } | { type: 'SaleRefunded'; sale: SaleState };

export class SaleAlreadyRefundedError extends DomainError {
  constructor() {
    super('invalid_request', 'The sale is already refunded.');
  }
}

const MAX_CENTS = 100_000_000_00; // one hundred million in major units

/** A tip or digital-product sale; paid when recorded, refundable once. */
export class Sale extends AggregateRoot<SaleEvent> {
  private constructor(private current: SaleState) {
    super();
  }

  static record(input: {
    id: string;
    workspaceId: string;
    kind: string;
    grossAmountCents: number;
    netAmountCents?: number;
    currency: string;
    customerEmail: string;
    now: Date;
  }): Sale {
    if (!(SALE_KINDS as readonly string[]).includes(input.kind)) {
      throw ValidationError.parameter('kind', `The kind must be one of ${SALE_KINDS.join(', ')}.`);
    }
    const gross = input.grossAmountCents;
    if (!Number.isSafeInteger(gross) || gross <= 0 || gross > MAX_CENTS) {
      throw ValidationError.parameter('gross', 'The gross amount must be a positive whole number of cents.');
    }
    const net = input.netAmountCents ?? gross;
    if (!Number.isSafeInteger(net) || net < 0 || net > gross) {
      throw ValidationError.parameter('net', 'The net amount must be a whole number of cents between 0 and the gross amount.');
    }
    const currency = input.currency.trim().toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw ValidationError.parameter('currency', 'The currency must be a three-letter ISO 4217 code.');
    const email = normaliseEmail(input.customerEmail);
    if (!email) throw ValidationError.parameter('email', 'The customer e-mail address is not valid.');
    const sale = new Sale({
      id: input.id,
      workspaceId: input.workspaceId,
      kind: input.kind as SaleKind,
      grossAmountCents: gross,
      netAmountCents: net,
      currency,
      customerEmail: email,
      createdAt: input.now,
      refundedAt: null,
    });
    sale.record({ type: 'SalePaid', sale: sale.state });
    return sale;
  }

  static restore(state: SaleState): Sale {
    return new Sale({ ...state });
  }

  get state(): Readonly<SaleState> {
    return { ...this.current };
  }

  refund(now: Date): void {
    if (this.current.refundedAt) throw new SaleAlreadyRefundedError();
    this.current = { ...this.current, refundedAt: now };
    this.record({ type: 'SaleRefunded', sale: this.state });
  }
}
