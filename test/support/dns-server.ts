import dns2 from 'dns2';
import type { AddressInfo } from 'node:net';

const { Packet } = dns2;

/** How the server answers a name: its TXT records, a server failure, or no answer at all (a time-out). */
export type DnsBehaviour = { txt: string[] } | 'servfail' | 'silent';

/**
 * A real DNS server on a loopback UDP port (the `dns2` package), for custom domains' TXT checks: the service reads it
 * through DNS_RESOLVERS=127.0.0.1:<port>. A name it is not told of has no record (an empty NOERROR answer).
 */
export class TestDnsServer {
  private readonly names = new Map<string, DnsBehaviour>();
  private server!: InstanceType<typeof dns2.UDPServer>;
  port = 0;
  /** how many questions it was asked, by name */
  readonly asked = new Map<string, number>();

  async start(): Promise<this> {
    this.server = dns2.createUDPServer((request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = (question?.name ?? '').toLowerCase();
      this.asked.set(name, (this.asked.get(name) ?? 0) + 1);
      const behaviour = this.names.get(name);
      if (behaviour === 'silent') return;
      if (behaviour === 'servfail') response.header.rcode = Packet.RCODE.SERVFAIL;
      else if (behaviour && question?.type === Packet.TYPE.TXT)
        for (const data of behaviour.txt)
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data } as never);
      void send(response);
    });
    await this.server.listen(0, '127.0.0.1');
    this.port = (this.server.address() as AddressInfo).port;
    this.server.unref();
    return this;
  }

  /** DNS_RESOLVERS for the service. */
  get resolvers(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Sets what `name` answers (a TXT record set, `servfail`, or `silent`); `undefined` removes it. */
  set(name: string, behaviour: DnsBehaviour | undefined): void {
    if (behaviour === undefined) this.names.delete(name.toLowerCase());
    else this.names.set(name.toLowerCase(), behaviour);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
