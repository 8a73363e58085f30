import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Sql } from '../database/sql.js';
import { HttpProblem } from '../http/problem.js';

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

export type BeginResult = { kind: 'started'; token: string } | { kind: 'replay'; response: StoredResponse };

/** Retention of a key, and how long an in-flight claim may stay silent before another request may take it over. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
export const IDEMPOTENCY_LEASE_SECONDS = 120;

interface Row {
  fingerprint: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: unknown;
  response_headers: Record<string, string> | null;
}

/**
 * The Idempotency-Key store (PostgreSQL). A key is claimed in its own committed statement, so a concurrent
 * duplicate sees it at once (409); the outcome is written by `complete()` inside the operation's own
 * transaction, so effects and the stored response commit together or not at all.
 */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly sql: Sql) {}

  async begin(scope: IdempotencyScope, fingerprint: string): Promise<BeginResult> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomUUID();
      const claimed = await this.sql.one<{ owner_token: string }>(
        `INSERT INTO idempotency_keys (workspace_id, mode, key, fingerprint, owner_token, state, created_at, lease_expires_at)
         VALUES (?, ?, ?, ?, ?, 'in_flight', now(), now() + make_interval(secs => ?))
         ON CONFLICT (workspace_id, mode, key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, owner_token = EXCLUDED.owner_token, state = 'in_flight',
               response_status = NULL, response_body = NULL, response_headers = NULL,
               created_at = now(), lease_expires_at = EXCLUDED.lease_expires_at
           WHERE idempotency_keys.created_at < now() - make_interval(hours => ?)
              OR (idempotency_keys.state = 'in_flight' AND idempotency_keys.lease_expires_at < now()
                  AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
         RETURNING owner_token`,
        [scope.workspaceId, scope.mode, scope.key, fingerprint, token, IDEMPOTENCY_LEASE_SECONDS, IDEMPOTENCY_RETENTION_HOURS],
      );
      if (claimed) return { kind: 'started', token };

      const row = await this.sql.one<Row>(
        `SELECT fingerprint, state, response_status, response_body, response_headers
           FROM idempotency_keys WHERE workspace_id = ? AND mode = ? AND key = ?`,
        [scope.workspaceId, scope.mode, scope.key],
      );
      if (!row) continue; // released between the two statements: claim again
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
        response: { status: row.response_status ?? 200, body: row.response_body, headers: row.response_headers ?? {} },
      };
    }
    throw new HttpProblem('idempotency_request_in_progress', 'A request with this Idempotency-Key is still in progress.', {
      'retry-after': '1',
    });
  }

  /** Stores the outcome; call inside the operation's transaction. Fails if the claim was lost. */
  async complete(scope: IdempotencyScope, token: string, response: StoredResponse): Promise<void> {
    const rows = await this.sql.all(
      `UPDATE idempotency_keys
          SET state = 'done', response_status = ?, response_body = ?::jsonb, response_headers = ?::jsonb
        WHERE workspace_id = ? AND mode = ? AND key = ? AND owner_token = ?
        RETURNING key`,
      [
        response.status,
        JSON.stringify(response.body ?? null),
        JSON.stringify(response.headers),
        scope.workspaceId,
        scope.mode,
        scope.key,
        token,
      ],
    );
    if (rows.length !== 1) {
      throw new HttpProblem('idempotency_request_in_progress', 'The Idempotency-Key was taken over by another request.');
    }
  }

  /** Forgets a claim whose outcome must not be stored (refusal before the operation, or a 5xx). */
  async release(scope: IdempotencyScope, token: string): Promise<void> {
    await this.sql.all(`DELETE FROM idempotency_keys WHERE workspace_id = ? AND mode = ? AND key = ? AND owner_token = ?`, [
      scope.workspaceId,
      scope.mode,
      scope.key,
      token,
    ]);
  }

  /** Deletes keys past their retention; returns how many. */
  async purgeExpired(): Promise<number> {
    const rows = await this.sql.all(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ?) RETURNING key`, [
      IDEMPOTENCY_RETENTION_HOURS,
    ]);
    return rows.length;
  }
}

/** Thrown to short-circuit a request whose stored outcome is replayed; the problem filter sends it. */
export class IdempotentReplay extends Error {
  constructor(readonly response: StoredResponse) {
    super('idempotent replay');
  }
}
