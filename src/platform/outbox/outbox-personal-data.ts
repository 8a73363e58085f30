import { Injectable } from '@nestjs/common';
import { textArray } from '../database/array-parameters.js';
import { jsonb, sql } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import type { PersonalDataErasure, PersonalDataHolder } from '../erasure/personal-data.js';
import { outbox } from './outbox.table.js';

/**
 * The outbox's part of an erasure (docs/adr/0044): the workspace's rows written since the subject existed whose
 * payload names it (published rows are kept 7 days, pending ones until published) are rewritten with the subject's
 * data redacted, under their row locks. A relay that claimed a row before this rewrite reads its payload again when
 * it marks the row published (OutboxRelay), so it publishes the redacted one.
 */
@Injectable()
export class OutboxPersonalData implements PersonalDataHolder {
  readonly name = 'outbox';

  constructor(private readonly db: Sql) {}

  async erase(erasure: PersonalDataErasure): Promise<number> {
    const rows = await this.db.all(
      outbox
        .selectFrom('outbox')
        .select(['seq', 'payload'])
        .where('workspace_id', '=', erasure.workspaceId)
        .where('created_at', '>=', erasure.since)
        .where(sql<boolean>`EXISTS (SELECT FROM unnest(${textArray(erasure.needles)}) AS n WHERE strpos(lower(payload::text), n) > 0)`)
        .orderBy('seq')
        .forUpdate(),
    );
    let rewritten = 0;
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
    return rewritten;
  }
}
