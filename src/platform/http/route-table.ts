import FindMyWay, { type HTTPMethod } from 'find-my-way';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * A copy of the routes the HTTP server registered (fed by Fastify's onRoute hook). It answers the
 * question Fastify's own router does not: "does this path exist under another method?" (405 vs 404),
 * and it lets a test compare the served routes with the OpenAPI document.
 */
export class RouteTable {
  private readonly router = FindMyWay({ ignoreTrailingSlash: false });
  readonly routes: { method: string; url: string }[] = [];

  add(method: string | string[], url: string): void {
    for (const m of Array.isArray(method) ? method : [method]) {
      if (!METHODS.includes(m as HTTPMethod)) continue;
      if (this.routes.some((r) => r.method === m && r.url === url)) continue;
      this.routes.push({ method: m, url });
      this.router.on(m as HTTPMethod, url, () => undefined);
    }
  }

  /**
   * Methods served for a concrete path (empty when the path is unknown). An empty path segment matches no
   * route (`/v1/pages/` is not `/v1/pages/{id}`), as in Fastify's own router.
   */
  allowedMethods(path: string): string[] {
    const pathOnly = path.split('?')[0] ?? path;
    return METHODS.filter((m) => {
      const found = this.router.find(m, pathOnly);
      return found !== null && Object.values(found.params).every((value) => value !== '' && value !== undefined);
    });
  }
}
