import { Inject, Injectable } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { DnsTxtReader, type TxtAnswer } from '../application/ports/custom-domain.ports.js';

/** Answers that mean "the name holds no TXT record": the domain is checked and found without its proof. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * DnsTxtReader on Node's resolver (c-ares): the system's servers, or DNS_RESOLVERS (docs/adr/0094). One try per
 * server within DNS_TIMEOUT_MS; a time-out, a refusal or a server failure is no answer (`ok: false`), never "no
 * record", so a resolver outage never takes a verified domain off the air.
 */
@Injectable()
export class NodeDnsTxtReader extends DnsTxtReader {
  private readonly resolver: Resolver;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    const { dnsResolvers, dnsTimeoutMs } = config.customDomains;
    this.resolver = new Resolver({ timeout: dnsTimeoutMs, tries: 1 });
    if (dnsResolvers) this.resolver.setServers(dnsResolvers);
  }

  async read(name: string): Promise<TxtAnswer> {
    try {
      const records = await this.resolver.resolveTxt(name);
      return { ok: true, records: records.map((chunks) => chunks.join('')) };
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'ERROR';
      return NO_RECORD.has(code) ? { ok: true, records: [] } : { ok: false, error: code };
    }
  }
}
