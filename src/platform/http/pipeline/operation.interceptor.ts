import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { Sql } from '../../database/sql.js';
import { DomainError } from '../../domain/domain-error.js';
import { ERROR_CATALOG, isErrorCode } from '../../errors/error-catalog.js';
import { parseIdempotencyKey, requestFingerprint } from '../../idempotency/idempotency-key.js';
import { IdempotencyStore, IdempotentReplay, type IdempotencyScope } from '../../idempotency/idempotency.store.js';
import { MONTHLY_WINDOW_SECONDS } from '../../rate-limit/rate-limit-headers.js';
import { QuotaStore } from '../../rate-limit/quota.store.js';
import { RefusedBody } from '../body-parsing.js';
import { HttpProblem, problemBody } from '../problem.js';
import { assertStorable, validateInput } from '../validation.js';
import type { QuotaAllowance } from './access-control.js';
import { OPERATION, type OperationSpec, type StreamedBody } from './operation.js';
import './request-context.js';

/** The status of an error raised by the operation itself, or null when it is not a 4xx outcome to store. */
function storableStatus(err: unknown): { status: number; code: string; detail?: string; errors?: unknown } | null {
  const code = err instanceof DomainError || err instanceof HttpProblem ? err.code : undefined;
  if (!code || !isErrorCode(code) || code === 'idempotency_request_in_progress') return null;
  const status = ERROR_CATALOG[code].status;
  return status >= 400 && status < 500 ? { status, code, detail: err instanceof HttpProblem ? err.detail : (err as Error).message } : null;
}

/**
 * The rest of the request pipeline after the OperationGuard, in the contract's order:
 * 400 invalid_request (body, query, Idempotency-Key) → idempotency claim/replay → 429 quota_exhausted
 * → the operation (its writes commit together with the stored idempotent outcome).
 */
@Injectable()
export class OperationInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    private readonly db: Sql,
    private readonly idempotency: IdempotencyStore,
    private readonly quota: QuotaStore,
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
    if (!op.multipart) return this.admitted(op, req, reply, next);
    // A streamed body (an upload) is read only now, after the access checks, and what reading kept (its staged
    // bytes) is removed unless the operation succeeded (docs/adr/0045).
    let streamed: StreamedBody | undefined;
    let succeeded = false;
    try {
      streamed = await this.moduleRef.get(op.multipart.reader, { strict: false }).read(req);
      const result = await this.admitted(op, req, reply, next, streamed);
      succeeded = true;
      return result;
    } finally {
      if (!succeeded) await streamed?.discard();
    }
  }

  private async admitted(
    op: OperationSpec,
    req: FastifyRequest,
    reply: FastifyReply,
    next: CallHandler,
    streamed?: StreamedBody,
  ): Promise<unknown> {
    const principal = req.principal!;
    const allowance = req.quota!;

    // 400: input validation (a body the parser refused is reported here, after the access checks).
    if (op.body && req.body instanceof RefusedBody) throw req.body.problem;
    assertStorable(req.params, 'path');
    // A domain outcome that must win over invalid input (stale_snapshot) is checked before any 400 is sent.
    const invalid = async (err: unknown): Promise<never> => {
      if (op.onInvalidInput) await this.moduleRef.get(op.onInvalidInput, { strict: false }).check(req);
      throw err;
    };
    try {
      const rules = op.bodyRules ? this.moduleRef.get(op.bodyRules, { strict: false }) : undefined;
      req.input = {
        query: op.query ? validateInput(op.query, req.query, 'query') : undefined,
        // No body at all reads as {}; a JSON `null` (or any non-object) is refused by validateInput.
        body: streamed
          ? streamed.input
          : op.body
            ? validateInput(op.body, req.body === undefined ? {} : req.body, 'body', rules && ((b, reported) => rules.check(b, reported)))
            : undefined,
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
      const scope = { workspaceId: principal.workspaceId, mode: principal.keyMode, key };
      const begun = await this.idempotency.begin(
        scope,
        requestFingerprint(req.method, req.url, streamed ? streamed.fingerprint : req.body),
      );
      if (begun.kind === 'replay') {
        await this.reportQuota(req, allowance, 0); // a replay spends no unit but still reports the quota
        throw new IdempotentReplay(begun.response);
      }
      idem = { scope, token: begun.token };
    }

    // 429: monthly quota.
    let spent = 0;
    try {
      spent = await this.reportQuota(req, allowance, op.quotaCost);
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
      return await this.db.unitOfWork(
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
          try {
            await this.idempotency.complete(idem.scope, idem.token, { status: outcome.status, body, headers: {} });
          } catch (late) {
            await this.idempotency.release(idem.scope, idem.token); // past its lease: nothing is stored
            if (spent > 0) await this.quota.refund(principal.workspaceId, allowance.period, spent);
            throw late;
          }
        } else {
          await this.idempotency.release(idem.scope, idem.token);
        }
      }
      if (!outcome && spent > 0) await this.quota.refund(principal.workspaceId, allowance.period, spent);
      throw err;
    }
  }

  /**
   * Spends `cost` monthly units (refusing with 429 quota_exhausted when they do not fit) and adds the
   * `monthly` RateLimit entry. Returns the units spent. Plans without a quota report nothing.
   */
  private async reportQuota(req: FastifyRequest, allowance: QuotaAllowance, cost: number): Promise<number> {
    const { limit, period, resetSeconds } = allowance;
    if (limit === null) return 0;
    // Spending nothing, the usage read at admission (same request, same period) is the answer.
    const known = cost === 0 ? { allowed: true, used: allowance.used } : null;
    const { allowed, used } = known ?? (await this.quota.consume(req.principal!.workspaceId, period, limit, cost));
    req.limits = [
      ...(req.limits ?? []),
      { name: 'monthly', quota: limit, windowSeconds: MONTHLY_WINDOW_SECONDS, remaining: limit - used, resetSeconds },
    ];
    if (!allowed) {
      throw new HttpProblem('quota_exhausted', `The workspace used its ${limit} monthly API units.`, {
        'retry-after': String(resetSeconds),
      });
    }
    return cost;
  }
}
