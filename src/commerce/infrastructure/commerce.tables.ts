import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';
import { queryBuilder } from '../../platform/database/query-builder.js';
import { workspaceReference } from '../../access/infrastructure/access.tables.js';
import type { SaleKind } from '../domain/sale.js';

/** The commerce context's table (docs/adr/0027): product sales and tips. */
export const SaleTable = defineEntity({
  name: 'Sale',
  tableName: 'sales',
  properties: {
    workspace: workspaceReference('sales').primary(),
    id: p.text().primary(),
    kind: p.text().$type<SaleKind>(),
    grossAmountCents: p.bigint('string'),
    netAmountCents: p.bigint('string'),
    currency: p.text(),
    customerEmail: p.text(),
    createdAt: p.datetime(3),
    refundedAt: p.datetime(3).nullable(),
  },
  checks: [
    { name: 'sales_kind_check', expression: "kind IN ('PRODUCT', 'TIP')" },
    { name: 'sales_gross_amount_cents_check', expression: 'gross_amount_cents >= 0' },
    { name: 'sales_net_amount_cents_check', expression: 'net_amount_cents >= 0' },
  ],
  indexes: [
    { name: 'sales_workspace_idx', expression: 'CREATE INDEX sales_workspace_idx ON sales (workspace_id, created_at DESC)' },
    { name: 'sales_tips_idx', properties: ['workspace', 'createdAt'], where: "kind = 'TIP'" },
  ],
});

export const commerceTables = [SaleTable];
export type CommerceDb = InferKyselyDB<(typeof commerceTables)[number]>;

/** A `sales` row as a statement selecting every column returns it. */
export type SaleRow = Selectable<CommerceDb['sales']>;
export const commerce = queryBuilder<CommerceDb>();
