import { Injectable } from '@nestjs/common';
import { textArray } from '../database/array-parameters.js';
import { jsonb, sql } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import type { PersonalDataErasure, PersonalDataHolder } from '../erasure/personal-data.js';
import { outbox } from './outbox.table.js';

/** Outbox rows an erasure reads (and locks) per statement. */
export const ERASURE_BATCH = 500;

/**
 * The outbox's part of an erasure (docs/adr/0044): the workspace's rows whose payload names the subject, whatever
 * their age (a `sale.*` row can carry an address before its contact exists: docs/adr/0058; published rows are kept 7
 * days, pending ones until published), are rewritten with the subject's data redacted, under their row locks. A
 * relay that claimed a row before this rewrite reads its payload again when it marks the row published (OutboxRelay),
 * so it publishes the redacted one.
 */
@Injectable()
export class OutboxPersonalData implements PersonalDataHolder {
  readonly name = 'outbox';

  constructor(private readonly db: Sql) {}

  async erase(erasure: PersonalDataErasure): Promise<number> {
    let rewritten = 0;
    // In batches along the primary key (workspace_id, seq), each reading on from where the one before stopped: at
    // most ERASURE_BATCH payloads in memory at once, locked in seq order as the relay locks them.
    for (let after: string | null = null; ;) {
      let query = outbox
        .selectFrom('outbox')
        .select(['seq', 'payload'])
        .where('workspace_id', '=', erasure.workspaceId)
        .where('created_at', '>=', erasure.since)
        .where(sql<boolean>`EXISTS (SELECT FROM unnest(${textArray(erasure.needles)}) AS n WHERE strpos(lower(payload::text), n) > 0)`);
      if (after !== null) query = query.where('seq', '>', after);
      const rows = await this.db.all(query.orderBy('seq').limit(ERASURE_BATCH).forUpdate());
      for (const row of rows) {
        const redacted = erasure.redact(row.payload);
        if (redacted === undefined) continue;
        await this.db.all(
          outbox
            .updateTable('outbox')
            .set({ payload: jsonb(redacted as { data: unknown }) })
            .where('workspace_id', '=', erasure.workspaceId)
            .where('seq', '=', row.seq),
        );
        rewritten += 1;
      }
      if (rows.length < ERASURE_BATCH) return rewritten;
      after = rows.at(-1)!.seq;
    }
  }
}
