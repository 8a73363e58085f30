import type { Server } from 'node:http';

/**
 * Whether this process takes new HTTP work (docs/adr/0051). `serving`: yes. `draining` (after SIGTERM, for
 * SHUTDOWN_DRAIN_MS): /health/ready says 503 so that the load balancer stops sending, while every request that still
 * arrives is served, its response with `Connection: close` so that no keep-alive connection outlives the drain.
 * `closed` (the application is being torn down): a request that still reaches a route is answered 503
 * service_unavailable problem+json, never Fastify's own JSON.
 */
export class Serving {
  private current: 'serving' | 'draining' | 'closed' = 'serving';
  private readonly held = new Set<() => void>();

  get phase(): 'serving' | 'draining' | 'closed' {
    return this.current;
  }

  drain(): void {
    if (this.current === 'serving') this.current = 'draining';
  }

  close(): void {
    this.current = 'closed';
    this.endHeld();
  }

  /**
   * A response that stays open until it is ended (an event stream, docs/adr/0067): `end` is called once the process
   * stops taking HTTP work (the end of the drain, or the application closing), so that the listener can close and
   * the client reconnects to another process. Returns the release to call when the response ended on its own.
   */
  holdOpen(end: () => void): () => void {
    if (this.current === 'closed') {
      end();
      return () => undefined;
    }
    this.held.add(end);
    return () => this.held.delete(end);
  }

  /** How many responses are held open. */
  get heldOpen(): number {
    return this.held.size;
  }

  /** Ends every response held open. */
  endHeld(): void {
    const ends = [...this.held];
    this.held.clear();
    for (const end of ends) end();
  }
}

/**
 * The API process's stop, before the application closes: unready for `drainMs` (the load balancer's checks see it
 * and take the process out), then the responses held open (event streams) end, the listener stops accepting and idle
 * keep-alive connections close; requests in flight finish (each response closing its connection), within `finishMs`,
 * after which what is left is cut.
 */
export async function drainHttp(server: Server, serving: Serving, options: { drainMs: number; finishMs: number }): Promise<void> {
  serving.drain();
  if (options.drainMs > 0) await new Promise((r) => setTimeout(r, options.drainMs));
  // Responses that would stay open (event streams) end now, not after `finishMs`: their clients resume elsewhere.
  serving.endHeld();
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), options.finishMs);
  await closed;
  clearTimeout(cut);
}
