import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/JSON export carries it (the fields the tests read). */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  scope: string;
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
const valueOf = (v: AnyValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));

/**
 * A stand-in OTLP collector on loopback: accepts OTLP over HTTP with JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) on
 * /v1/traces and keeps every span, for a test to read what a process exported.
 */
export class OtlpCollector {
  readonly spans: CollectedSpan[] = [];
  /** the path of every export request (`/v1/traces`, `/v1/metrics`, `/v1/logs`) */
  readonly paths = new Set<string>();
  /** every export request's body as it arrived (resource, scopes, spans, events and status included) */
  readonly bodies: string[] = [];
  private server!: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        this.paths.add(req.url ?? '');
        if (req.url === '/v1/traces') {
          this.bodies.push(body);
          this.collect(JSON.parse(body));
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private collect(request: any): void {
    for (const resource of request.resourceSpans ?? [])
      for (const scope of resource.scopeSpans ?? [])
        for (const s of scope.spans ?? [])
          this.spans.push({
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId || undefined,
            name: s.name,
            kind: s.kind,
            attributes: Object.fromEntries((s.attributes ?? []).map((a: { key: string; value: AnyValue }) => [a.key, valueOf(a.value)])),
            links: (s.links ?? []).map((l: { traceId: string; spanId: string }) => ({ traceId: l.traceId, spanId: l.spanId })),
            scope: scope.scope?.name ?? '',
          });
  }

  async waitFor(predicate: (spans: CollectedSpan[]) => boolean, ms = 15_000): Promise<void> {
    const until = Date.now() + ms;
    while (!predicate(this.spans)) {
      if (Date.now() > until) throw new Error(`collector: condition not met in ${ms} ms (${this.spans.length} spans)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}
