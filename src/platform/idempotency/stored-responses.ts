import { Logger } from '@nestjs/common';
import type { SecretCipher } from '../crypto/secret-cipher.js';
import { jsonb } from '../database/query-builder.js';
import type { Sql } from '../database/sql.js';
import type { PersonalDataErasure } from '../erasure/personal-data.js';
import { idempotency } from './idempotency.table.js';

export interface IdempotencyScope {
  workspaceId: string;
  mode: string;
  key: string;
}

export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** The row a sealed body belongs to, bound into its ciphertext: it opens nowhere else. */
const boundTo = (scope: IdempotencyScope) => `idempotency:${scope.workspaceId}:${scope.mode}:${scope.key}`;

/** What `reseal()` did to a batch of stored responses (the last step of a master-key rotation). */
export interface ResealBatch {
  /** stored responses looked at */
  seen: number;
  /** rewritten under the current master key */
  reencrypted: number;
  /** opened with no configured key: deleted, as their key had expired */
  dropped: number;
  /** where the next batch starts; null once every row was seen */
  next: IdempotencyCursor | null;
}

export interface IdempotencyCursor {
  workspaceId: string;
  mode: string;
  key: string;
}

/** How many stored responses one erasure pass reads at a time (bounded memory over 24 hours of them). */
const IDEMPOTENCY_ERASE_BATCH = 500;

/** How a stored response body is kept: sealed, since some carry a secret (a new endpoint's, a rotated one). */
type SealedBody = { $sealed: string };
const isSealed = (body: unknown): body is SealedBody =>
  typeof body === 'object' && body !== null && typeof (body as Partial<SealedBody>).$sealed === 'string';

/**
 * The stored responses' bodies, sealed (AES-256-GCM, bound to their key's row, so a backup holds no secret in clear):
 * how they are sealed and opened, and the two passes that rewrite them in place, erasure and master-key rotation.
 */
export class StoredResponses {
  private readonly logger = new Logger('IdempotencyStore');

  constructor(
    private readonly db: Sql,
    private readonly cipher: SecretCipher,
  ) {}

  seal(scope: IdempotencyScope, body: unknown): SealedBody {
    return { $sealed: this.cipher.encrypt(JSON.stringify(body ?? null), boundTo(scope)) };
  }

  /** A stored body as it was sent (rows stored before bodies were sealed are read as they are). */
  unseal(scope: IdempotencyScope, body: unknown): unknown {
    return isSealed(body) ? JSON.parse(this.cipher.decrypt(body.$sealed, boundTo(scope))) : body;
  }

  /** Whether a stored body opens with a configured key (a body written under a key since dropped does not). */
  opens(scope: IdempotencyScope, body: unknown): boolean {
    if (!isSealed(body)) return true;
    try {
      this.cipher.decrypt(body.$sealed, boundTo(scope));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Forgets a stored response no configured key opens, as if its key had expired (decisions.md "Fourth round"): only
   * if the row still holds that very body, so a concurrent rewrite is not lost. Logged once (the row goes), no secret.
   */
  async forgetUnreadable(scope: IdempotencyScope, body: unknown, during: string): Promise<number> {
    const gone = await this.db.all(
      idempotency
        .deleteFrom('idempotency_keys')
        .where('workspace_id', '=', scope.workspaceId)
        .where('mode', '=', scope.mode)
        .where('key', '=', scope.key)
        .where('response_body', '=', jsonb(body))
        .returning('key'),
    );
    if (gone.length > 0) {
      this.logger.warn(
        { workspace_id: scope.workspaceId, mode: scope.mode, during },
        'Stored idempotent response opens with no configured key; forgotten as if its key had expired',
      );
    }
    return gone.length;
  }

  /**
   * Erasure (docs/adr/0044): every stored response of the workspace that carries the subject is opened, redacted and
   * sealed again, under its row lock, so a replay answers the placeholder. Sealed bodies cannot be searched, so each
   * of the workspace's stored responses is opened (at most 24 hours of them; no `since`: a response may carry a
   * subject created after its key was claimed). They are read in key order, IDEMPOTENCY_ERASE_BATCH at a time and
   * without locks, so memory stays bounded however many the workspace holds; a body whose opened text holds none of
   * the subject's needles is skipped unparsed, and only a candidate is locked, read again and rewritten
   * (docs/adr/0059). A body no configured key opens is deleted, as if its key had expired. The fingerprint, a hash of
   * the whole request, is kept.
   */
  async erase(erasure: PersonalDataErasure): Promise<number> {
    let rewritten = 0;
    let after: { mode: string; key: string } | null = null;
    for (;;) {
      const from: { mode: string; key: string } | null = after;
      // Read without locks (locking every row would write to each of them); a candidate is locked and read again.
      const rows: { mode: string; key: string; response_body: unknown }[] = await this.db.all(
        idempotency
          .selectFrom('idempotency_keys')
          .select(['mode', 'key', 'response_body'])
          .where('workspace_id', '=', erasure.workspaceId)
          .where('state', '=', 'done')
          .where('response_body', 'is not', null)
          .$if(from !== null, (q) => q.where((eb) => eb(eb.refTuple('mode', 'key'), '>', eb.tuple(from!.mode, from!.key))))
          .orderBy('mode')
          .orderBy('key')
          .limit(IDEMPOTENCY_ERASE_BATCH),
      );
      for (const row of rows) {
        const scope = { workspaceId: erasure.workspaceId, mode: row.mode, key: row.key };
        if (this.cannotCarry(scope, row.response_body, erasure.needles)) continue;
        rewritten += await this.eraseOne(scope, erasure);
      }
      if (rows.length < IDEMPOTENCY_ERASE_BATCH) return rewritten;
      const last: { mode: string; key: string } = rows[rows.length - 1]!;
      after = { mode: last.mode, key: last.key };
    }
  }

  /** Whether a stored body opens and its text holds none of the subject's needles (it is then left unparsed). */
  private cannotCarry(scope: IdempotencyScope, body: unknown, needles: readonly string[]): boolean {
    let text: string;
    if (isSealed(body)) {
      try {
        text = this.cipher.decrypt(body.$sealed, boundTo(scope));
      } catch {
        return false; // opens with no configured key: deleted by eraseOne
      }
    } else {
      text = JSON.stringify(body ?? null);
    }
    const lower = text.toLowerCase();
    return !needles.some((needle) => lower.includes(needle));
  }

  /** One candidate, under its row lock, read again: redacted and sealed again, or deleted when no key opens it. */
  private async eraseOne(scope: IdempotencyScope, erasure: PersonalDataErasure): Promise<number> {
    const row = await this.db.one(
      idempotency
        .selectFrom('idempotency_keys')
        .select(['response_body'])
        .where('workspace_id', '=', scope.workspaceId)
        .where('mode', '=', scope.mode)
        .where('key', '=', scope.key)
        .where('state', '=', 'done')
        .where('response_body', 'is not', null)
        .forUpdate(),
    );
    if (!row) return 0;
    if (!this.opens(scope, row.response_body)) return this.forgetUnreadable(scope, row.response_body, 'erasure');
    const redacted = erasure.redact(this.unseal(scope, row.response_body));
    if (redacted === undefined) return 0;
    await this.db.all(
      idempotency
        .updateTable('idempotency_keys')
        .set({ response_body: jsonb(this.seal(scope, redacted)) })
        .where('workspace_id', '=', scope.workspaceId)
        .where('mode', '=', scope.mode)
        .where('key', '=', scope.key),
    );
    return 1;
  }

  /**
   * Master-key rotation (`secrets re-encrypt`): one batch of stored responses, in key order from `after`. Each body
   * still sealed under a retired key is sealed again under the current one; one no configured key opens is deleted
   * (as if its key had expired). Each row is rewritten by its own statement, and only if it still holds the body that
   * was read, so traffic meanwhile (a replay, an erasure, a takeover) is never undone; running it twice is harmless.
   */
  async reseal(after: IdempotencyCursor | null, limit: number): Promise<ResealBatch> {
    const rows = await this.db.all(
      idempotency
        .selectFrom('idempotency_keys')
        .select(['workspace_id', 'mode', 'key', 'response_body'])
        .where('state', '=', 'done')
        .where('response_body', 'is not', null)
        .$if(after !== null, (q) =>
          q.where((eb) => eb(eb.refTuple('workspace_id', 'mode', 'key'), '>', eb.tuple(after!.workspaceId, after!.mode, after!.key))),
        )
        .orderBy('workspace_id')
        .orderBy('mode')
        .orderBy('key')
        .limit(limit),
    );
    const batch: ResealBatch = { seen: rows.length, reencrypted: 0, dropped: 0, next: null };
    for (const row of rows) {
      const scope = { workspaceId: row.workspace_id, mode: row.mode, key: row.key };
      const body = row.response_body;
      if (!isSealed(body) || this.cipher.isCurrent(body.$sealed, boundTo(scope))) continue;
      if (!this.opens(scope, body)) {
        batch.dropped += await this.forgetUnreadable(scope, body, 're-encrypt');
        continue;
      }
      const moved = await this.db.all(
        idempotency
          .updateTable('idempotency_keys')
          .set({ response_body: jsonb(this.seal(scope, this.unseal(scope, body))) })
          .where('workspace_id', '=', scope.workspaceId)
          .where('mode', '=', scope.mode)
          .where('key', '=', scope.key)
          .where('response_body', '=', jsonb(body))
          .returning('key'),
      );
      batch.reencrypted += moved.length;
    }
    if (rows.length === limit) {
      const last = rows[rows.length - 1]!;
      batch.next = { workspaceId: last.workspace_id, mode: last.mode, key: last.key };
    }
    return batch;
  }
}
