import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { AccessControl, type Admitted, type Caller } from '../../../platform/http/pipeline/access-control.js';
import { HttpProblem } from '../../../platform/http/problem.js';
import { PendingLimit } from '../../../platform/rate-limit/pending-limit.js';
import type { LimitState } from '../../../platform/rate-limit/rate-limit-headers.js';
import { Clock } from '../../../platform/time/clock.js';
import { Authenticator, type Principal } from '../../application/authenticator.js';
import { AdmissionGate, PrincipalLookup } from '../../application/ports/access.repositories.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { monthlyUnits, quotaWindow, secondsUntilReset } from '../../domain/quota.js';
import { isScope } from '../../domain/scope.js';
import { parseKeyToken } from '../../domain/api-key.js';

/**
 * The access context's side of the request pipeline: API keys, the burst limit, plans, test-mode keys and
 * scopes, checked in the contract's order (docs/adr/0083).
 *
 * The requests waiting for their key and their burst window (the limiter's state in this process) are at
 * most RATE_LIMIT_MAX_PENDING; past it a request is answered 503 with Retry-After at once (docs/adr/0036).
 */
@Injectable()
export class ApiKeyAccessControl extends AccessControl {
  private readonly waiting: PendingLimit;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly admission: AdmissionGate,
    private readonly lookup: PrincipalLookup,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.waiting = new PendingLimit(config.rateLimit.maxPending);
    this.epochs = new BatchedRead(() => this.lookup.currentEpoch());
  }

  /** The access epoch, read once for every check asked in the same turn of the event loop. */
  private readonly epochs: BatchedRead<number>;

  async admit(
    token: string | undefined,
    operation: { scope: string; write: boolean },
    onBurst: (burst: LimitState) => void,
    onCaller: (caller: Caller) => void = () => undefined,
  ): Promise<Admitted> {
    // The public prefix of a well-formed key is logged even when the key is refused (which key keeps failing?).
    const keyPrefix = token ? publicPrefix(token) : undefined;
    if (keyPrefix) onCaller({ keyPrefix });
    if (!this.waiting.tryEnter()) {
      throw new HttpProblem(
        'service_unavailable',
        'The service is holding as many requests as it may at once; retry after the seconds in Retry-After.',
        { 'retry-after': '1' },
      );
    }
    let principal: Awaited<ReturnType<Authenticator['authenticate']>>;
    let admitted: Awaited<ReturnType<AdmissionGate['admit']>>;
    const now = this.clock.now();
    const period = quotaWindow(now).period;
    try {
      principal = await this.authenticator.authenticate(token);
      onCaller(callerOf(principal));
      admitted = await this.admission.admit({ keyId: principal.key.id, workspaceId: principal.workspace.id, period });
      // A key or workspace changed since this key was read (revoked, plan changed): read it again.
      if (admitted.epoch > principal.epoch) {
        principal = await this.authenticator.authenticate(token, admitted.epoch);
        onCaller(callerOf(principal));
      }
    } finally {
      this.waiting.leave();
    }
    const burst = admitted.burst;
    const state = {
      name: 'burst',
      quota: burst.limit,
      windowSeconds: burst.windowSeconds,
      remaining: burst.remaining,
      resetSeconds: burst.resetSeconds,
    };
    onBurst(state);
    if (!burst.allowed) {
      throw new HttpProblem('rate_limited', `This API key exceeded ${burst.limit} requests per ${burst.windowSeconds} s.`, {
        'retry-after': String(burst.resetSeconds),
      });
    }

    principal.workspace.assertEntitled('public_api');
    principal.key.assertMayPerform({ write: operation.write });
    if (!isScope(operation.scope)) throw new Error(`operation declares an unknown scope ${operation.scope}`);
    principal.key.assertGranted(operation.scope);
    return {
      principal: { workspaceId: principal.workspace.id, keyId: principal.key.id, keyMode: principal.key.mode },
      burst: state,
      quota: {
        limit: monthlyUnits(principal.workspace.plan, this.config.quota),
        period,
        used: admitted.quotaUsed,
        resetSeconds: secondsUntilReset(now),
      },
    };
  }

  async refusedNow(tokens: readonly string[], scope: string): Promise<ReadonlySet<string>> {
    const refused = new Set<string>();
    if (tokens.length === 0) return refused;
    if (!isScope(scope)) throw new Error(`an unknown scope ${scope}`);
    const epoch = await this.epochs.read();
    for (const token of new Set(tokens)) {
      try {
        const principal = await this.authenticator.authenticate(token, epoch);
        principal.workspace.assertEntitled('public_api');
        principal.key.assertGranted(scope);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        refused.add(token);
      }
    }
    return refused;
  }

  async identify(token: string | undefined): Promise<Caller | null> {
    if (!token) return null;
    try {
      return callerOf(await this.authenticator.authenticate(token));
    } catch {
      return null; // not recognised, or the key store unreachable: the caller simply learns nothing
    }
  }
}

/**
 * A read shared by the callers of one turn of the event loop: the statement starts after every one of them asked, so
 * each sees what had committed before it asked (a caller arriving while it runs waits for the next read).
 */
class BatchedRead<T> {
  private next: Promise<T> | null = null;

  constructor(private readonly load: () => Promise<T>) {}

  read(): Promise<T> {
    this.next ??= new Promise<T>((resolve, reject) =>
      setImmediate(() => {
        this.next = null;
        this.load().then(resolve, reject);
      }),
    );
    return this.next;
  }
}

/** What the request's log line and the key-introspection headers tell of a recognised key. */
const callerOf = (principal: Principal): Caller => ({
  keyPrefix: principal.key.lookupPrefix,
  workspaceId: principal.workspace.id,
  scopes: principal.key.scopes,
  keyMode: principal.key.mode,
});

/** The non-secret lookup prefix of a well-formed key token (`bp_live_` and 12 characters), else undefined. */
function publicPrefix(token: string): string | undefined {
  try {
    return parseKeyToken(token).lookupPrefix;
  } catch {
    return undefined;
  }
}
