import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '../../../platform/http/problem.js';
import { Clock } from '../../../platform/time/clock.js';
import { Authenticator } from '../../application/authenticator.js';
import { AdmissionGate } from '../../application/ports/access.repositories.js';
import { quotaWindow } from '../../domain/quota.js';
import { OPERATION, type OperationSpec } from './operation.js';
import './request-context.js';

/** Takes the key from `Authorization: Bearer …` or, failing that, `x-api-key`. */
export function presentedKey(headers: FastifyRequest['headers']): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.length > 0) {
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(auth);
    return m ? m[1] : auth; // a non-Bearer Authorization is a malformed key
  }
  const header = headers['x-api-key'];
  return typeof header === 'string' && header.length > 0 ? header.trim() : undefined;
}

/**
 * The first five checks of every operation, in the contract's order (docs/adr/0006):
 * 401 invalid_api_key, 429 rate_limited, 403 feature_not_enabled, 403 test_key_read_only,
 * 403 insufficient_scope. Validation and quota follow in the OperationInterceptor.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    private readonly admission: AdmissionGate,
    private readonly clock: Clock,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const op = this.reflector.get<OperationSpec | undefined>(OPERATION, ctx.getHandler());
    if (!op) return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();

    const token = presentedKey(req.headers);
    let principal = await this.authenticator.authenticate(token);

    const period = quotaWindow(this.clock.now()).period;
    const admitted = await this.admission.admit({ keyId: principal.key.id, workspaceId: principal.workspace.id, period });
    // A key or workspace changed since this key was read (revoked, plan changed): read it again.
    if (admitted.epoch > principal.epoch) principal = await this.authenticator.authenticate(token, admitted.epoch);
    req.quotaUsed = { period, used: admitted.quotaUsed };
    const burst = admitted.burst;
    req.limits = [{ name: 'burst', quota: burst.limit, windowSeconds: burst.windowSeconds, remaining: burst.remaining, resetSeconds: burst.resetSeconds }];
    if (!burst.allowed) {
      throw new HttpProblem('rate_limited', `This API key exceeded ${burst.limit} requests per ${burst.windowSeconds} s.`, {
        'retry-after': String(burst.resetSeconds),
      });
    }

    principal.workspace.assertEntitled('public_api');
    principal.key.assertMayPerform({ write: op.write });
    principal.key.assertGranted(op.scope);
    req.principal = principal;
    return true;
  }
}
