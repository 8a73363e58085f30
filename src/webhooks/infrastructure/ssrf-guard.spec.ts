import { describe, expect, it } from '@jest/globals';
import { isIP } from 'node:net';
import { SSRF_VECTORS } from '../../../test/fixtures/ssrf-vectors.js';
import { classifyAddress, SsrfGuard, UnsafeTargetError, type DnsResolver } from './ssrf-guard.js';

/** The DNS port answered from a table; a name missing from it fails like NXDOMAIN. Counts its look-ups. */
class TableResolver implements DnsResolver {
  readonly lookups: string[] = [];
  readonly table: Map<string, string[]>;

  constructor(entries: Record<string, string[]> = {}) {
    this.table = new Map(Object.entries(entries));
  }

  async resolve(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
    this.lookups.push(hostname);
    const addresses = this.table.get(hostname);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  }
}

const refusal = async (promise: Promise<unknown>): Promise<UnsafeTargetError> => {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(UnsafeTargetError);
    return err as UnsafeTargetError;
  }
  throw new Error('expected the guard to refuse the URL');
};

describe('SsrfGuard refuses every SSRF vector', () => {
  it('has a table of at least 40 vectors', () => {
    expect(SSRF_VECTORS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SSRF_VECTORS.map((v) => v.name)).size).toBe(SSRF_VECTORS.length);
  });

  it.each(SSRF_VECTORS.map((v) => [v.name, v] as const))('%s', async (_name, vector) => {
    const guard = new SsrfGuard(new TableResolver(vector.dns));
    const err = await refusal(guard.resolveTarget(vector.url));
    expect(err.message).toMatch(/^url /);
    expect(err.message).toContain(vector.detail);
    expect(err.message.length).toBeLessThan(200);
  });
});

describe('SsrfGuard', () => {
  const PUBLIC_V4 = '93.184.215.14';
  const PUBLIC_V6 = '2606:4700::6810:84e5';

  it('returns a public address, pinned, with its family and the URL unchanged', async () => {
    const resolver = new TableResolver({ 'hooks.example.com': [PUBLIC_V4] });
    const target = await new SsrfGuard(resolver).resolveTarget('https://hooks.example.com/in?x=1');
    expect(target).toEqual({ url: new URL('https://hooks.example.com/in?x=1'), address: PUBLIC_V4, family: 4 });
    expect(resolver.lookups).toEqual(['hooks.example.com']);
  });

  it('returns the first checked address as the resolver gave it when all are public', async () => {
    const resolver = new TableResolver({ 'hooks.example.com': [PUBLIC_V6, PUBLIC_V4] });
    const target = await new SsrfGuard(resolver).resolveTarget('https://hooks.example.com/');
    expect(target).toMatchObject({ address: PUBLIC_V6, family: 6 });
  });

  it('accepts public IP literals without asking DNS', async () => {
    const resolver = new TableResolver();
    const guard = new SsrfGuard(resolver);
    expect(await guard.resolveTarget(`https://${PUBLIC_V4}/`)).toMatchObject({ address: PUBLIC_V4, family: 4 });
    expect(await guard.resolveTarget(`https://[${PUBLIC_V6}]/`)).toMatchObject({ address: PUBLIC_V6, family: 6 });
    expect(await guard.resolveTarget('https://1572394766/')).toMatchObject({ address: PUBLIC_V4, family: 4 }); // decimal form
    expect(resolver.lookups).toEqual([]);
  });

  it('resolves again at every call (a name that turns private is refused the next time)', async () => {
    const resolver = new TableResolver({ 'rebind.example.com': [PUBLIC_V4] });
    const guard = new SsrfGuard(resolver);
    await expect(guard.resolveTarget('https://rebind.example.com/')).resolves.toMatchObject({ address: PUBLIC_V4 });
    resolver.table.set('rebind.example.com', ['127.0.0.1']);
    const err = await refusal(guard.resolveTarget('https://rebind.example.com/'));
    expect(err.message).toBe('url resolves to a loopback address (127.0.0.1)');
    expect(resolver.lookups).toHaveLength(2);
  });

  it('says why, in words fit for the API user', async () => {
    const guard = new SsrfGuard(new TableResolver({ 'mixed.example.com': [PUBLIC_V4, '10.0.0.1'] }));
    expect((await refusal(guard.resolveTarget('https://mixed.example.com/'))).message).toBe('url resolves to a private address (10.0.0.1)');
    const literal = await refusal(guard.resolveTarget('https://0x7f.1/'));
    expect(literal).toMatchObject({
      message: 'url points to a loopback address (127.0.0.1)',
      reason: 'forbidden_address',
      address: { ip: '127.0.0.1', range: 'loopback' },
    });
    expect((await refusal(guard.resolveTarget('https://169.254.169.254/'))).message).toBe(
      'url points to a link-local address (169.254.169.254)',
    );
    expect(await refusal(guard.resolveTarget('https://nowhere.example.com/'))).toMatchObject({
      message: 'url host could not be resolved',
      reason: 'unresolvable',
    });
    expect(await refusal(guard.resolveTarget('http://mixed.example.com/'))).toMatchObject({
      message: 'url must use https',
      reason: 'invalid_url',
    });
    expect((await refusal(guard.resolveTarget('https://mixed.example.com:8443/'))).message).toBe('url must use port 443');
  });

  it('refuses an address the resolver made up', async () => {
    const guard = new SsrfGuard(new TableResolver({ 'odd.example.com': ['not-an-ip'] }));
    expect((await refusal(guard.resolveTarget('https://odd.example.com/'))).message).toBe('url resolves to an invalid address (not-an-ip)');
  });

  describe('with WEBHOOK_ALLOWED_TARGETS', () => {
    const resolver = new TableResolver({ localhost: ['127.0.0.1', '::1'] });
    const guard = new SsrfGuard(resolver, ['LOCALHOST:8443', ' [::1]:9443 ']);

    it('lets an allowed host:port through, resolved and pinned to its (private) address', async () => {
      expect(await guard.resolveTarget('https://localhost:8443/in')).toEqual({
        url: new URL('https://localhost:8443/in'),
        address: '127.0.0.1',
        family: 4,
      });
      expect(await guard.resolveTarget('https://[::1]:9443/')).toMatchObject({ address: '::1', family: 6 });
    });

    it('refuses the same host on another port', async () => {
      expect((await refusal(guard.resolveTarget('https://localhost:9999/'))).message).toBe('url must use port 443');
      expect((await refusal(guard.resolveTarget('https://localhost/'))).message).toBe('url resolves to a loopback address (127.0.0.1)');
    });

    it('still needs HTTPS and a name that resolves', async () => {
      expect((await refusal(guard.resolveTarget('http://localhost:8443/'))).message).toBe('url must use https');
      const empty = new SsrfGuard(new TableResolver(), ['gone.test:8443']);
      expect((await refusal(empty.resolveTarget('https://gone.test:8443/'))).message).toBe('url host could not be resolved');
    });
  });
});

describe('classifyAddress', () => {
  it.each([
    ['93.184.215.14', 'unicast'],
    ['8.8.8.8', 'unicast'],
    ['2606:4700::6810:84e5', 'unicast'],
    ['[2606:4700::6810:84e5]', 'unicast'],
    ['::ffff:8.8.8.8', 'unicast'],
    ['64:ff9b::808:808', 'unicast'],
    ['2002:808:808::1', 'unicast'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.255.255', 'private'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'ietfProtocolAssignments'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fec0::1', 'siteLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:a00:1', 'private'],
    ['::7f00:1', 'loopback'],
    ['::808:808', 'ipv4Compatible'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b:1::a00:1', 'private'],
    ['64:ff9b:1::808:808', 'nat64LocalUse'],
    ['2002:a00:1::', 'private'],
    ['2002:a9fe:a9fe::', 'linkLocal'],
    ['2001::1', 'teredo'],
    ['4000::1', 'reserved'],
    ['2001:4860:4860::8888%eth0', 'zoneScoped'],
    ['127.1', 'invalid'],
    ['0x7f000001', 'invalid'],
    ['2130706433', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (ip, range) => {
    expect(classifyAddress(ip)).toBe(range);
  });
});
