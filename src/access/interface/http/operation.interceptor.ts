import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { Sql } from '../../../platform/database/sql.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { ERROR_CATALOG, isErrorCode } from '../../../platform/errors/error-catalog.js';
import { parseIdempotencyKey, requestFingerprint } from '../../../platform/idempotency/idempotency-key.js';
import { IdempotencyStore, IdempotentReplay, type IdempotencyScope } from '../../../platform/idempotency/idempotency.store.js';
import { RefusedBody } from '../../../platform/http/body-parsing.js';
import { HttpProblem, problemBody } from '../../../platform/http/problem.js';
import { assertStorable, validateInput } from '../../../platform/http/validation.js';
import { MONTHLY_WINDOW_SECONDS } from '../../../platform/rate-limit/rate-limit-headers.js';
import { QuotaStore } from '../../../platform/rate-limit/quota.store.js';
import { Clock } from '../../../platform/time/clock.js';
import { monthlyUnits, quotaWindow, secondsUntilReset } from '../../domain/quota.js';
import { OPERATION, type OperationSpec } from './operation.js';
import './request-context.js';

/** The status of an error raised by the operation itself, or null when it is not a 4xx outcome to store. */
function storableStatus(err: unknown): { status: number; code: string; detail?: string; errors?: unknown } | null {
  const code = err instanceof DomainError || err instanceof HttpProblem ? err.code : undefined;
  if (!code || !isErrorCode(code) || code === 'idempotency_request_in_progress') return null;
  const status = ERROR_CATALOG[code].status;
  return status >= 400 && status < 500 ? { status, code, detail: err instanceof HttpProblem ? err.detail : (err as Error).message } : null;
}

/**
 * The rest of the request pipeline after the AccessGuard, in the contract's order:
 * 400 invalid_request (body, query, Idempotency-Key) → idempotency claim/replay → 429 quota_exhausted
 * → the operation (its writes commit together with the stored idempotent outcome).
 */
@Injectable()
export class OperationInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    private readonly sql: Sql,
    private readonly idempotency: IdempotencyStore,
    private readonly quota: QuotaStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const op = this.reflector.get<OperationSpec | undefined>(OPERATION, ctx.getHandler());
    if (!op) return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    return from(this.run(op, req, reply, next));
  }

  private async run(op: OperationSpec, req: FastifyRequest, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const principal = req.principal!;

    // 400: input validation (a body the parser refused is reported here, after the access checks).
    if (op.body && req.body instanceof RefusedBody) throw req.body.problem;
    assertStorable(req.params, 'path');
    // A domain outcome that must win over invalid input (stale_snapshot) is checked before any 400 is sent.
    const invalid = async (err: unknown): Promise<never> => {
      if (op.onInvalidInput) await this.moduleRef.get(op.onInvalidInput, { strict: false }).check(req);
      throw err;
    };
    try {
      req.input = {
        query: op.query ? validateInput(op.query, req.query, 'query') : undefined,
        // No body at all reads as {}; a JSON `null` (or any non-object) is refused by validateInput.
        body: op.body ? validateInput(op.body, req.body === undefined ? {} : req.body, 'body') : undefined,
      };
    } catch (err) {
      await invalid(err);
    }
    const rawKey = req.headers['idempotency-key'];
    let idem: { scope: IdempotencyScope; token: string } | undefined;
    if (op.idempotent && rawKey !== undefined) {
      let key = '';
      try {
        key = parseIdempotencyKey(Array.isArray(rawKey) ? rawKey.join(',') : rawKey);
      } catch (err) {
        await invalid(err);
      }
      const scope = { workspaceId: principal.workspace.id, mode: principal.key.mode, key };
      const begun = await this.idempotency.begin(scope, requestFingerprint(req.method, req.url, req.body));
      if (begun.kind === 'replay') {
        await this.reportQuota(req, principal, 0, quotaWindow(this.clock.now()).period); // a replay spends no unit but still reports the quota
        throw new IdempotentReplay(begun.response);
      }
      idem = { scope, token: begun.token };
    }

    // 429: monthly quota.
    const period = quotaWindow(this.clock.now()).period;
    let spent = 0;
    try {
      spent = await this.reportQuota(req, principal, op.quotaCost, period);
    } catch (err) {
      if (idem) await this.idempotency.release(idem.scope, idem.token);
      throw err;
    }

    // The operation.
    try {
      if (!op.write) return await lastValueFrom(next.handle());
      // A lazy unit of work (docs/adr/0024): it holds no connection until the command handler opens its
      // transaction, which then joins it; the stored outcome is written in that transaction before COMMIT.
      // A handler that waits on the network first (endpoint.test) therefore holds no connection while it waits.
      return await this.sql.unitOfWork(
        () => lastValueFrom(next.handle()),
        async (result) => {
          if (!idem) return;
          const location = reply.getHeader('location');
          await this.idempotency.complete(idem.scope, idem.token, {
            status: op.status,
            body: result ?? null,
            headers: typeof location === 'string' ? { location } : {},
          });
        },
      );
    } catch (err) {
      const outcome = storableStatus(err);
      if (idem) {
        if (outcome) {
          const body = problemBody(this.config.docsUrl, String(req.id), outcome.code as never, outcome.detail, (err as DomainError).errors);
          await this.idempotency.complete(idem.scope, idem.token, { status: outcome.status, body, headers: {} });
        } else {
          await this.idempotency.release(idem.scope, idem.token);
        }
      }
      if (!outcome && spent > 0) await this.quota.refund(principal.workspace.id, period, spent);
      throw err;
    }
  }

  /**
   * Spends `cost` monthly units (refusing with 429 quota_exhausted when they do not fit) and adds the
   * `monthly` RateLimit entry. Returns the units spent. Plans without a quota report nothing.
   */
  private async reportQuota(req: FastifyRequest, principal: NonNullable<FastifyRequest['principal']>, cost: number, period: string): Promise<number> {
    const limit = monthlyUnits(principal.workspace.plan, this.config.quota);
    if (limit === null) return 0;
    const now = this.clock.now();
    // Spending nothing, the usage read at admission (same request, same period) is the answer.
    const known = cost === 0 && req.quotaUsed?.period === period ? { allowed: true, used: req.quotaUsed.used } : null;
    const { allowed, used } = known ?? (await this.quota.consume(principal.workspace.id, period, limit, cost));
    const resetSeconds = secondsUntilReset(now);
    req.limits = [...(req.limits ?? []), { name: 'monthly', quota: limit, windowSeconds: MONTHLY_WINDOW_SECONDS, remaining: limit - used, resetSeconds }];
    if (!allowed) {
      throw new HttpProblem('quota_exhausted', `The workspace used its ${limit} monthly API units.`, { 'retry-after': String(resetSeconds) });
    }
    return cost;
  }
}
