import { Inject, Injectable } from '@nestjs/common';
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
import {
  StoredResponses,
  type IdempotencyCursor,
  type IdempotencyScope,
  type ResealBatch,
  type StoredResponse,
} from './stored-responses.js';

export type { IdempotencyCursor, IdempotencyScope, ResealBatch, StoredResponse } from './stored-responses.js';

export type BeginResult = { kind: 'started'; token: string } | { kind: 'replay'; response: StoredResponse };

/** Retention of a key. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

const keyOf = (scope: IdempotencyScope) => ({ workspace_id: scope.workspaceId, mode: scope.mode, key: scope.key }) as const;

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

  /** The stored bodies, sealed: a backup holds no secret in clear. */
  private readonly responses: StoredResponses;

  /** seconds an in-flight claim lasts (the request time-out) */
  private readonly leaseSeconds: number;

  constructor(
    private readonly db: Sql,
    keyring: Keyring,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.responses = new StoredResponses(db, new SecretCipher(keyring.deriveAll('idempotency')));
    this.leaseSeconds = config.idempotencyLeaseSeconds;
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
      if (row.state === 'done' && !this.responses.opens(scope, row.response_body)) {
        // Sealed under a key no longer configured: answered as if the key had expired, so the request is new.
        await this.responses.forgetUnreadable(scope, row.response_body, 'replay');
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
        response: {
          status: row.response_status ?? 200,
          body: this.responses.unseal(scope, row.response_body),
          headers: row.response_headers ?? {},
        },
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
          response_body: jsonb(this.responses.seal(scope, response.body)),
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

  /** Erasure (docs/adr/0044): the workspace's stored responses that carry the subject, redacted and sealed again. */
  erase(erasure: PersonalDataErasure): Promise<number> {
    return this.responses.erase(erasure);
  }

  /** Master-key rotation (`secrets re-encrypt`): one batch of stored responses, in key order from `after`. */
  reseal(after: IdempotencyCursor | null, limit: number): Promise<ResealBatch> {
    return this.responses.reseal(after, limit);
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
