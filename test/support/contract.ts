import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One response as the server sent it. */
export interface SentResponse {
  method: string;
  /** the route's template as Fastify knows it (`/v1/pages/:page_id`), undefined when no route matched */
  route: string | undefined;
  url: string;
  status: number;
  headers: Record<string, unknown>;
  body: string | undefined;
}

/**
 * The contract test: checks a response against the OpenAPI document the app serves. The response's status must
 * be documented for its operation, its documented required headers present, its media type documented and its
 * body valid against the schema. A response to a request that is no operation (a route-level 404 or 405 under
 * /v1) must still be a valid Problem. Returns what is wrong, empty when the response keeps the contract.
 */
export class ContractChecker {
  // Ajv's `discriminator` refuses a mapping; the oneOf alone tells the kinds apart (each variant's `kind` is a const).
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    // Formats are part of the contract: a `date-time` must be RFC 3339 with its offset, a `uri` absolute, and so on.
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
  }

  /** A validator for a schema of the document (a `$ref` or an inline schema), compiled once. */
  validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      // Inline schemas refer to components relative to the document: rebase their $refs on it.
      const rebased = JSON.parse(key.replaceAll('"#/components/', '"openapi#/components/'));
      validate = this.ajv.compile(rebased);
      this.validators.set(key, validate);
    }
    return validate;
  }

  private resolve(object: Json | undefined): Json | undefined {
    if (!object?.$ref) return object;
    const [, section, name] = (object.$ref as string).replace('#/components/', '#/').split('/');
    return this.document.components[section]?.[name];
  }

  check(sent: SentResponse): string[] {
    const path = sent.route?.replace(/:(\w+)/g, '{$1}');
    const operation: Json | undefined = path ? this.document.paths[path]?.[sent.method.toLowerCase()] : undefined;
    const what = `${sent.method} ${sent.url} → ${sent.status}`;
    const type = String(sent.headers['content-type'] ?? '').split(';')[0];
    if (!operation) {
      // A verified custom domain answers every path but its page's with the site's 404 page, /v1 ones too (docs/adr/0094).
      if (sent.route === '/*') return [];
      const underApi = sent.url.startsWith('/v1/') && sent.method !== 'HEAD' && sent.method !== 'OPTIONS';
      if (!underApi || sent.status < 400) return [];
      if (type !== 'application/problem+json') return [`${what}: a /v1 error is not problem+json (${type})`];
      return this.validate(what, { $ref: '#/components/schemas/Problem' }, sent.body);
    }
    const response = this.resolve(operation.responses[String(sent.status)] ?? operation.responses[`${String(sent.status)[0]}XX`]);
    if (!response) return [`${what}: status ${sent.status} is not documented for ${operation.operationId}`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      if (this.resolve(header)?.required && sent.headers[name.toLowerCase()] === undefined)
        problems.push(`${what}: documented header ${name} is missing`);
    }
    const content = response.content as Record<string, Json> | undefined;
    if (!content) {
      if (sent.body) problems.push(`${what}: a body was sent but ${operation.operationId} documents none for ${sent.status}`);
      return problems;
    }
    const media = content[type];
    if (!media) return [...problems, `${what}: media type ${type || '(none)'} is not documented (${Object.keys(content).join(', ')})`];
    return [...problems, ...this.validate(what, media.schema, sent.body)];
  }

  private validate(what: string, schema: Json, body: string | undefined): string[] {
    let value: unknown;
    try {
      value = JSON.parse(body ?? '');
    } catch {
      return [`${what}: the body is not JSON`];
    }
    const validate = this.validator(schema);
    if (validate(value)) return [];
    return [`${what}: the body does not match its schema: ${this.ajv.errorsText(validate.errors)}; body ${body?.slice(0, 300)}`];
  }
}
