import { createParamDecorator, type ArgumentMetadata, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RequestPrincipal } from './access-control.js';
import './request-context.js';

const request = (ctx: ExecutionContext) => ctx.switchToHttp().getRequest<FastifyRequest>();

/**
 * Checks that the validated input is an instance of the class the controller parameter declares, so a
 * parameter typed with another DTO than the operation's `body`/`query` fails loudly instead of lying.
 */
class DeclaredType implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const declared = metadata.metatype;
    if (typeof declared === 'function' && declared !== Object && !(value instanceof declared)) {
      throw new Error(
        `@Input(): the parameter is declared as ${declared.name}, ` +
          `but the operation validated ${(value as object)?.constructor?.name ?? typeof value}`,
      );
    }
    return value;
  }
}
const declaredType = new DeclaredType();

const input = createParamDecorator((where: 'body' | 'query', ctx: ExecutionContext) => request(ctx).input?.[where]);

/**
 * The operation's validated `body` or `query` (the OperationInterceptor validated it against the DTO the
 * `@Operation()` declares), typed by the parameter's own declaration and checked against it.
 */
export const Input = (where: 'body' | 'query'): ParameterDecorator => input(where, declaredType);

/** The authenticated caller (set by the OperationGuard). */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestPrincipal => {
  const principal = request(ctx).principal;
  if (!principal) throw new Error('@Caller() used on a route without @Operation()');
  return principal;
});
