import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AccessControl } from './access-control.js';
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
 * The first five checks of every operation, in the contract's order (docs/adr/0083), made by the access
 * context behind the AccessControl port. Validation and quota follow in the OperationInterceptor.
 */
@Injectable()
export class OperationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessControl,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const op = this.reflector.get<OperationSpec | undefined>(OPERATION, ctx.getHandler());
    if (!op) return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const admitted = await this.access.admit(
      presentedKey(req.headers),
      op,
      (burst) => (req.limits = [burst]),
      (caller) => (req.caller = caller),
    );
    req.principal = admitted.principal;
    req.quota = admitted.quota;
    return true;
  }
}
