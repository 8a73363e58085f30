import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { Keyring } from '../config/keyring.js';
import { SecretCipher } from '../crypto/secret-cipher.js';
import { jsonb, sql } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import type { PersonalDataErasure, PersonalDataHolder } from '../erasure/personal-data.js';
import { HttpProblem } from '../http/problem.js';
import { purgeExpiredKeys } from './idempotency-retention.js';
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
export const IDEMPOTENCY_ERASE_BATCH = 500;

export type BeginResult = { kind: 'started'; token: string } | { kind: 'replay'; response: StoredResponse };

/** Retention of a key. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

const keyOf = (scope: IdempotencyScope) => ({ workspace_id: scope.workspaceId, mode: scope.mode, key: scope.key }) as const;

/** How a stored response body is kept: sealed, since some carry a secret (a new endpoint's, a rotated one). */
type SealedBody = { $sealed: string };
const isSealed = (body: unknown): body is SealedBody =>
  typeof body === 'object' && body !== null && typeof (body as Partial<SealedBody>).$sealed === 'string';

/**
 * The Idempotency-Key store (PostgreSQL). A key is claimed in its own committed statement, so a concurrent
 * duplicate sees it at once (409); the outcome is written by `complete()` inside the operation's own
 * transaction, so effects and the stored response commit together or not at all.
 *
 * A claim is a lease of the request time-out (HTTP_REQUEST_TIMEOUT_SECONDS, docs/adr/0036). The outcome is
 * stored only while the lease holds, and the lease can be taken over only once it has run out: a process
 * that is slow, not dead, finds its claim gone at `complete()` and its transaction rolls back, so one
 * request's effects commit at most (the row lock `complete()` takes orders it against a takeover).
 */
@Injectable()
export class IdempotencyStore implements PersonalDataHolder {
  readonly name = 'idempotency_keys';

  private readonly logger = new Logger('IdempotencyStore');

  /** Seals every stored response body (AES-256-GCM, bound to its key's row): a backup holds no secret in clear. */
  private readonly cipher: SecretCipher;

  /** seconds an in-flight claim lasts (the request time-out) */
  private readonly leaseSeconds: number;

  constructor(
    private readonly db: Sql,
    keyring: Keyring,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cipher = new SecretCipher(keyring.deriveAll('idempotency'));
    this.leaseSeconds = config.idempotencyLeaseSeconds;
  }

  private seal(scope: IdempotencyScope, body: unknown): SealedBody {
    return { $sealed: this.cipher.encrypt(JSON.stringify(body ?? null), boundTo(scope)) };
  }

  /** A stored body as it was sent (rows stored before bodies were sealed are read as they are). */
  private unseal(scope: IdempotencyScope, body: unknown): unknown {
    return isSealed(body) ? JSON.parse(this.cipher.decrypt(body.$sealed, boundTo(scope))) : body;
  }

  /** Whether a stored body opens with a configured key (a body written under a key since dropped does not). */
  private opens(scope: IdempotencyScope, body: unknown): boolean {
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
  private async forgetUnreadable(scope: IdempotencyScope, body: unknown, during: string): Promise<number> {
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

  async begin(scope: IdempotencyScope, fingerprint: string): Promise<BeginResult> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomUUID();
      const leaseExpiresAt = sql<Date>`statement_timestamp() + make_interval(secs => ${this.leaseSeconds})`;
      // A new key is inserted; a key whose last use is over 24 h old, or whose request died in flight (its lease ran
      // out) with the same fingerprint, is taken over by an update of its row. Two statements, not one upsert: a cluster
      // sharded with Citus takes no clock function in an upsert's conflict clause (docs/adr/0053); the update's row
      // lock orders two takers as the upsert's did.
      const claimed =
        (await this.db.one(
          idempotency
            .insertInto('idempotency_keys')
            .values({
              ...keyOf(scope),
              fingerprint,
              owner_token: token,
              state: 'in_flight',
              created_at: sql<Date>`now()`,
              lease_expires_at: leaseExpiresAt,
            })
            .onConflict((oc) => oc.columns(['workspace_id', 'mode', 'key']).doNothing())
            .returning('owner_token'),
        )) ??
        (await this.db.one(
          idempotency
            .updateTable('idempotency_keys')
            .set({
              fingerprint,
              owner_token: token,
              state: 'in_flight',
              response_status: null,
              response_body: null,
              response_headers: null,
              created_at: sql<Date>`now()`,
              lease_expires_at: leaseExpiresAt,
            })
            .where('workspace_id', '=', scope.workspaceId)
            .where('mode', '=', scope.mode)
            .where('key', '=', scope.key)
            .where((eb) =>
              eb.or([
                eb('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`),
                eb.and([
                  eb('state', '=', 'in_flight'),
                  eb('lease_expires_at', '<=', sql<Date>`statement_timestamp()`),
                  eb('fingerprint', '=', fingerprint),
                ]),
              ]),
            )
            .returning('owner_token'),
        ));
      if (claimed) return { kind: 'started', token };

      const row = await this.db.one(
        idempotency
          .selectFrom('idempotency_keys')
          .select(['fingerprint', 'state', 'response_status', 'response_body', 'response_headers'])
          .where('workspace_id', '=', scope.workspaceId)
          .where('mode', '=', scope.mode)
          .where('key', '=', scope.key),
      );
      if (!row) continue; // released between the two statements: claim again
      if (row.state === 'done' && !this.opens(scope, row.response_body)) {
        // Sealed under a key no longer configured: answered as if the key had expired, so the request is new.
        await this.forgetUnreadable(scope, row.response_body, 'replay');
        continue;
      }
      if (row.fingerprint !== fingerprint) {
        throw new HttpProblem(
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request (method, path or body) in the last 24 hours.',
        );
      }
      if (row.state === 'in_flight') {
        throw new HttpProblem('idempotency_request_in_progress', 'A request with this Idempotency-Key is still in progress.', {
          'retry-after': '1',
        });
      }
      return {
        kind: 'replay',
        response: { status: row.response_status ?? 200, body: this.unseal(scope, row.response_body), headers: row.response_headers ?? {} },
      };
    }
    throw new HttpProblem('idempotency_request_in_progress', 'A request with this Idempotency-Key is still in progress.', {
      'retry-after': '1',
    });
  }

  /**
   * Stores the outcome; call inside the operation's transaction. Fails, so that the transaction rolls back,
   * when the claim's lease ran out (the operation outlived the request time-out) or another request took it.
   */
  async complete(scope: IdempotencyScope, token: string, response: StoredResponse): Promise<void> {
    const rows = await this.db.all(
      idempotency
        .updateTable('idempotency_keys')
        .set({
          state: 'done',
          response_status: response.status,
          response_body: jsonb(this.seal(scope, response.body)),
          response_headers: jsonb(response.headers),
        })
        .where('workspace_id', '=', scope.workspaceId)
        .where('mode', '=', scope.mode)
        .where('key', '=', scope.key)
        .where('owner_token', '=', token)
        // statement_timestamp(), not now(): inside the operation's transaction now() is when that began.
        .where('lease_expires_at', '>', sql<Date>`statement_timestamp()`)
        .returning('key'),
    );
    if (rows.length !== 1) {
      throw new HttpProblem(
        'service_unavailable',
        `The operation did not finish within its ${this.leaseSeconds} s time-out and nothing was changed; ` +
          'retry with the same Idempotency-Key.',
        { 'retry-after': '1' },
      );
    }
  }

  /** Forgets a claim whose outcome must not be stored (refusal before the operation, or a 5xx). */
  async release(scope: IdempotencyScope, token: string): Promise<void> {
    await this.db.all(
      idempotency
        .deleteFrom('idempotency_keys')
        .where('workspace_id', '=', scope.workspaceId)
        .where('mode', '=', scope.mode)
        .where('key', '=', scope.key)
        .where('owner_token', '=', token),
    );
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

  /** Deletes keys past their retention, in batches; returns how many. */
  purgeExpired(): Promise<number> {
    return purgeExpiredKeys(this.db, IDEMPOTENCY_RETENTION_HOURS);
  }
}

/** Thrown to short-circuit a request whose stored outcome is replayed; the problem filter sends it. */
export class IdempotentReplay extends Error {
  constructor(readonly response: StoredResponse) {
    super('idempotent replay');
  }
}
