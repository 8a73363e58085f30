import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { SecretResealer, type ResealOutcome } from '../application/ports/secret-resealer.port.js';
import { SecretCipher } from './secret-cipher.js';

interface SecretRow {
  id: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
}

/** The SecretResealer port on `webhook_endpoints`, with the AES-256-GCM SecretCipher (docs/adr/0015). */
@Injectable()
export class SqlSecretResealer extends SecretResealer {
  constructor(
    private readonly sql: Sql,
    private readonly cipher: SecretCipher,
  ) {
    super();
  }

  async endpointIdsAfter(after: string, limit: number): Promise<string[]> {
    const rows = await this.sql.all<{ id: string }>(`SELECT id FROM webhook_endpoints WHERE id > ? ORDER BY id LIMIT ?`, [after, limit]);
    return rows.map((r) => r.id);
  }

  async reseal(id: string): Promise<ResealOutcome> {
    const row = await this.sql.one<SecretRow>(
      `SELECT id, secret_encrypted, previous_secret_encrypted FROM webhook_endpoints WHERE id = ? FOR UPDATE`,
      [id],
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
    await this.sql.all(
      `UPDATE webhook_endpoints SET secret_encrypted = ?, previous_secret_encrypted = ?,
              previous_secret_expires_at = CASE WHEN ?::text IS NULL THEN NULL ELSE previous_secret_expires_at END
        WHERE id = ?`,
      [current, previous, previous, id],
    );
    return 'rewritten';
  }
}
