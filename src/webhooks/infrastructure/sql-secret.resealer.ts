import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { SecretResealer, type ResealOutcome } from '../application/ports/secret-resealer.port.js';
import type { WorkspaceKey } from '../application/ports/webhook.ports.js';
import { SecretCipher } from '../../platform/crypto/secret-cipher.js';
import { webhooks } from './webhooks.tables.js';

/** The SecretResealer port on `webhook_endpoints`, with the AES-256-GCM SecretCipher (docs/adr/0089). */
@Injectable()
export class SqlSecretResealer extends SecretResealer {
  constructor(
    private readonly db: Sql,
    private readonly cipher: SecretCipher,
  ) {
    super();
  }

  async endpointsAfter(after: WorkspaceKey | null, limit: number): Promise<WorkspaceKey[]> {
    const rows = await this.db.all(
      webhooks
        .selectFrom('webhook_endpoints')
        .select(['workspace_id', 'id'])
        .$if(after !== null, (q) => q.where((eb) => eb(eb.refTuple('workspace_id', 'id'), '>', eb.tuple(after!.workspaceId, after!.id))))
        .orderBy('workspace_id')
        .orderBy('id')
        .limit(limit),
    );
    return rows.map((r) => ({ workspaceId: r.workspace_id, id: r.id }));
  }

  async reseal({ workspaceId, id }: WorkspaceKey): Promise<ResealOutcome> {
    const row = await this.db.one(
      webhooks
        .selectFrom('webhook_endpoints')
        .select(['id', 'secret_encrypted', 'previous_secret_encrypted'])
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .forUpdate(),
    );
    if (!row) return 'gone';
    const reseal = (stored: string): string | null => {
      if (this.cipher.isCurrent(stored, id)) return stored;
      try {
        return this.cipher.encrypt(this.cipher.decrypt(stored, id), id);
      } catch {
        return null;
      }
    };
    const current = reseal(row.secret_encrypted);
    const previous = row.previous_secret_encrypted === null ? null : reseal(row.previous_secret_encrypted);
    if (current === null) return 'unreadable';
    if (current === row.secret_encrypted && previous === row.previous_secret_encrypted) return 'current';
    await this.db.all(
      webhooks
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          secret_encrypted: current,
          previous_secret_encrypted: previous,
          // No previous secret, no overlap.
          previous_secret_expires_at: previous === null ? null : eb.ref('previous_secret_expires_at'),
        }))
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id),
    );
    return 'rewritten';
  }
}
