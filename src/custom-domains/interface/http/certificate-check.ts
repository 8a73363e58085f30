import type { QueryBus } from '@nestjs/cqrs';
import { hostOf } from '../../../platform/http/hosts.js';
import { FindServedDomainQuery } from '../../application/queries/find-served-domain/find-served-domain.query.js';

/**
 * `GET /tls/ask?domain=<hostname>` on the operator port (docs/adr/0094): Caddy's on-demand TLS asks it before it
 * gets a certificate for a name, and gets one only on a 200, which this answers for a verified domain alone; any
 * other name, a missing or malformed parameter, is 404. The name is compared as Caddy sends it, lower-cased and
 * without a trailing dot.
 */
export function certificateCheck(queries: QueryBus) {
  return async (query: URLSearchParams): Promise<{ status: number; text: string }> => {
    const hostname = hostOf(query.get('domain') ?? '');
    if (!hostname || hostname.length > 253) return { status: 404, text: 'not a verified domain' };
    const served = await queries.execute(new FindServedDomainQuery(hostname));
    return served ? { status: 200, text: 'ok' } : { status: 404, text: 'not a verified domain' };
  };
}
