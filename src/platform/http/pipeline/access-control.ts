import type { LimitState } from '../../rate-limit/rate-limit-headers.js';

/** Who is calling, as the request pipeline and the controllers need it. */
export interface RequestPrincipal {
  workspaceId: string;
  keyId: string;
  /** `live` or `test`: idempotency keys are scoped by it */
  keyMode: string;
}

/** The monthly quota of the caller's workspace, as read at admission. */
export interface QuotaAllowance {
  /** the workspace's monthly units, or null when its plan has no quota */
  limit: number | null;
  /** the quota period (`YYYY-MM`) of this request */
  period: string;
  /** units used in the period before this request */
  used: number;
  /** seconds until the period resets */
  resetSeconds: number;
}

/**
 * Who presented the request's key, as far as it is known, for the request's log line: the key's public prefix once
 * the key is well-formed, the workspace once the key is recognised. Never anything secret.
 */
export interface Caller {
  keyPrefix?: string;
  workspaceId?: string;
  /** the key's scopes and mode once it is recognised: told back in X-Api-Key-Scopes and X-Api-Key-Mode */
  scopes?: readonly string[];
  keyMode?: string;
}

export interface Admitted {
  principal: RequestPrincipal;
  /** the burst window's state, for the RateLimit headers */
  burst: LimitState;
  quota: QuotaAllowance;
}

/**
 * Port (implemented by the access context): the first five checks of an operation, in the contract's order
 * (docs/adr/0083): 401 invalid_api_key, 429 rate_limited, 403 feature_not_enabled, 403 test_key_read_only,
 * 403 insufficient_scope. Throws the refusal (a problem or a domain error); returns the admitted caller.
 * A refusal after the burst count still reports the burst state through `onBurst`; whatever is known of the caller
 * (also on a refusal) is reported through `onCaller`.
 */
export abstract class AccessControl {
  abstract admit(
    presentedKey: string | undefined,
    operation: { scope: string; write: boolean },
    onBurst: (burst: LimitState) => void,
    onCaller?: (caller: Caller) => void,
  ): Promise<Admitted>;

  /**
   * Who a presented key is (its scopes and mode), with no admission: no rate limit counted, no scope needed.
   * Null when no key was sent or it is not recognised, or the key store cannot be read. Lets a tool learn what its
   * key may do from a request it makes anyway (the OpenAPI document), instead of probing with invalid requests.
   */
  abstract identify(presentedKey: string | undefined): Promise<Caller | null>;

  /**
   * Which of `presentedKeys` an operation of `scope` would refuse now with 401 or 403 (the key revoked or expired, the
   * workspace's plan or the key's scopes no longer granting it): what a response held open checks again and again (an
   * event stream, docs/adr/0067). No rate limit is counted. Reads whether any key or plan changed in one statement, and
   * a key again only then. Rejects when the key store cannot be read: the caller decides what an outage means.
   */
  abstract refusedNow(presentedKeys: readonly string[], scope: string): Promise<ReadonlySet<string>>;
}
