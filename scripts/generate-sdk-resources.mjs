#!/usr/bin/env node
// Writes the TypeScript SDK's resource classes (clients/typescript/src/generated/resources.ts) from the OpenAPI
// document: one class per first path segment (`/v1/webhook-endpoints/...` → `webhookEndpoints`), one method per
// operation, named from its operationId without the resource's own words (`rotateWebhookSecret` → `rotateSecret`).
// `npm run openapi` runs it through test/integration/tools/openapi-document.test.ts, which also fails when the file is stale.
// Usage: node scripts/generate-sdk-resources.mjs [docs/openapi.json] [clients/typescript/src/generated/resources.ts]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RESOURCES_FILE = 'clients/typescript/src/generated/resources.ts';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const HEADER = '// Generated from docs/openapi.json by scripts/generate-sdk-resources.mjs (npm run openapi). Do not edit.\n';

const camel = (text) => text.replace(/[-_.]+([a-zA-Z0-9])/g, (_, c) => c.toUpperCase()).replace(/^[A-Z]/, (c) => c.toLowerCase());
const pascal = (text) => camel(text).replace(/^[a-z]/, (c) => c.toUpperCase());
const singular = (word) => (word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') ? word.slice(0, -1) : word);

/** The resource of a path: its first segment after the version, without an extension (`openapi.json` → `openapi`). */
function resourceOf(path) {
  const segments = path.split('/').filter((s) => s && !/^v\d+$/.test(s));
  const first = segments[0] ?? 'root';
  return camel(first.replace(/\.[a-z]+$/, ''));
}

/** The words that name a resource, singular and plural, alone and joined (`webhookEndpoints` → webhook, endpoint, …). */
function resourceWords(resource) {
  const words = resource.split(/(?=[A-Z])/).map((w) => w.toLowerCase());
  const all = new Set();
  for (const w of [...words, words.join('')]) {
    all.add(w);
    all.add(singular(w));
  }
  return all;
}

/** `rotateWebhookSecret` on `webhookEndpoints` → `rotateSecret`; `getOpenApiDocument` on `openapi` → `getDocument`. */
export function methodName(operationId, resource) {
  const tokens = operationId.split(/(?=[A-Z])/);
  const words = resourceWords(resource);
  const kept = [];
  for (let i = 0; i < tokens.length;) {
    let run = 0;
    for (let n = Math.min(3, tokens.length - i); n >= 1 && i > 0; n -= 1) {
      if (
        words.has(
          tokens
            .slice(i, i + n)
            .join('')
            .toLowerCase(),
        )
      ) {
        run = n;
        break;
      }
    }
    if (run) i += run;
    else kept.push(tokens[(i += 1) - 1]);
  }
  return camel(kept.join('')) || camel(operationId);
}

function resolve(document, node) {
  let current = node;
  while (current && current.$ref)
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((n, key) => n?.[key], document);
  return current;
}

/** A body the caller may leave out: not required by the document, or an object with no required property. */
function bodyOptional(document, requestBody) {
  if (!requestBody.required) return true;
  const content = requestBody.content ?? {};
  const schema = resolve(document, (content['application/json'] ?? Object.values(content)[0])?.schema);
  return Boolean(schema) && !schema.oneOf && !schema.anyOf && !schema.allOf && !(schema.required ?? []).length;
}

function isCursorList(document, operation) {
  const ok = Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status))?.[1];
  const schema = resolve(document, resolve(document, ok)?.content?.['application/json']?.schema);
  const props = schema?.properties ?? {};
  return resolve(document, props.data)?.type === 'array' && 'has_more' in props && 'next_cursor' in props;
}

/** Whether an operation's success answer is a stream of Server-Sent Events rather than one JSON document. */
const streams = (operation) =>
  Object.entries(operation.responses ?? {}).some(([status, r]) => /^2\d\d$/.test(status) && r?.content?.['text/event-stream']);

const comment = (text) => text.replaceAll('*/', '*\\/');

/** The operations of the document, each with its resource, method name and signature. */
export function operationsOf(document) {
  const operations = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const verb of METHODS) {
      const operation = item[verb];
      if (!operation?.operationId) continue;
      // A method's call returns once: a streamed answer (`GET /v1/events/stream`, text/event-stream) has no method.
      if (streams(operation)) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(document, p));
      const query = parameters.filter((p) => p.in === 'query');
      const requestBody = resolve(document, operation.requestBody);
      const content = requestBody?.content ?? {};
      const resource = resourceOf(path);
      operations.push({
        id: operation.operationId,
        path,
        verb,
        resource,
        name: methodName(operation.operationId, resource),
        summary: operation.summary ?? operation.operationId,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        query: query.length ? { required: query.some((p) => p.required) } : null,
        body: requestBody ? { optional: bodyOptional(document, requestBody), multipart: !content['application/json'] } : null,
        list: verb === 'get' && isCursorList(document, operation),
      });
    }
  }
  // Two operations of a resource that would get one name keep their full operationIds.
  const seen = new Map();
  for (const op of operations) seen.set(`${op.resource}.${op.name}`, (seen.get(`${op.resource}.${op.name}`) ?? 0) + 1);
  for (const op of operations) if (seen.get(`${op.resource}.${op.name}`) > 1) op.name = camel(op.id);
  return operations;
}

function methodSource(op) {
  const id = JSON.stringify(op.id);
  const args = op.pathParams.map((p) => `${camel(p)}: PathParams<${id}>[${JSON.stringify(p)}]`);
  const passed = [];
  const key = (p) => (/^[A-Za-z_$][\w$]*$/.test(p) ? p : JSON.stringify(p));
  const pathEntry = (p) => (camel(p) === p ? p : `${key(p)}: ${camel(p)}`);
  if (op.pathParams.length) passed.push(`path: { ${op.pathParams.map(pathEntry).join(', ')} }`);
  if (op.body) {
    // A required query after it makes the body a required argument too (an optional one cannot come first).
    const optional = op.body.optional && !op.query?.required;
    args.push(`body${optional ? '?' : ''}: Body<${id}>`);
    passed.push(optional ? 'body: body ?? {}' : 'body');
    if (op.body.multipart) passed.push('multipart: true');
  }
  if (op.query) {
    args.push(`query${op.query.required ? '' : '?'}: Query<${id}>`);
    passed.push('query');
  }
  args.push('options?: RequestOptions');
  const params = passed.length ? `{ ${passed.join(', ')} }` : '{}';
  const listNote = op.list ? '. Await it for the first page, or `for await` every item.' : '';
  const doc = `  /** ${comment(op.summary)} (\`${op.verb.toUpperCase()} ${op.path}\`)${listNote} */`;
  const body = op.list
    ? `    return this.requester.list(${JSON.stringify(op.path)}, ${params}, options);`
    : `    return this.requester.call(${JSON.stringify(op.verb)}, ${JSON.stringify(op.path)}, ${params}, options);`;
  const returns = op.list ? `ListPromise<${id}>` : `Result<${id}>`;
  return `${doc}\n  ${op.name}(${args.join(', ')}): ${returns} {\n${body}\n  }`;
}

/** The source of resources.ts for a document. */
export function generateResources(document) {
  const byResource = new Map();
  for (const op of operationsOf(document)) byResource.set(op.resource, [...(byResource.get(op.resource) ?? []), op]);
  const classes = [...byResource.entries()].map(([resource, ops]) => {
    const methods = ops.map(methodSource).join('\n\n');
    const constructor = '  constructor(private readonly requester: Requester) {}';
    return `/** \`client.${resource}\` */\nexport class ${pascal(resource)} {\n${constructor}\n\n${methods}\n}`;
  });
  const fields = [...byResource.keys()].map((r) => `  readonly ${r}: ${pascal(r)};`).join('\n');
  const inits = [...byResource.keys()].map((r) => `    this.${r} = new ${pascal(r)}(requester);`).join('\n');
  return `${HEADER}
import type { Body, ListPromise, PathParams, Query, Requester, RequestOptions, Result } from '../resource.js';

${classes.join('\n\n')}

/** Every resource of the API, as the client exposes them (\`client.pages\`, \`client.webhookEndpoints\`, …). */
export class Resources {
${fields}

  constructor(requester: Requester) {
${inits}
  }
}
`;
}

export const README_FILE = 'clients/typescript/README.md';
const TABLE_START = '<!-- resources: generated from docs/openapi.json by npm run openapi -->';
const TABLE_END = '<!-- /resources -->';

/** The SDK README's resource table (every resource, each method), between its markers in `readme`. */
export function withResourceTable(document, readme) {
  const byResource = new Map();
  for (const op of operationsOf(document)) byResource.set(op.resource, [...(byResource.get(op.resource) ?? []), op.name]);
  const rows = [...byResource.entries()].map(([r, names]) => `| \`bp.${r}\` | ${names.map((n) => `\`${n}\``).join(', ')} |`);
  const table = ['| resource | methods |', '|---|---|', ...rows].join('\n');
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${README_FILE} has no resource table markers`);
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input = 'docs/openapi.json', output = RESOURCES_FILE] = process.argv.slice(2);
  writeFileSync(output, generateResources(JSON.parse(readFileSync(input, 'utf8'))));
  console.log(`wrote ${output}`);
}
