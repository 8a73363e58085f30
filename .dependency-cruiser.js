// Dependency rules for src/ (ADR 0002: bounded contexts with hexagonal layers). Run with `npm run lint:deps`.
// The package is "type": "module", so this file is ESM; dependency-cruiser loads .js/.cjs/.mjs configs with import().
//
// Contexts are the folders under src/ other than platform. The top-level files (src/main.ts, worker.ts, cli.ts,
// bootstrap.ts, app.module.ts) are composition roots: no rule restricts them. Tests (test/ and the co-located
// *.spec.ts files) may import anything, so they are not cruised.

const CONTEXTS = ['access', 'analytics', 'audience', 'commerce', 'custom-domains', 'files', 'pages', 'site', 'webhooks'];
const CONTEXT = `(${CONTEXTS.join('|')})`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        "domain/ imports nothing outside its own context's domain/ and the platform's pure kernel (src/platform/domain/): " +
        'no other layer, no other context, no Node built-in, and no npm package but zod, the language shapes are ' +
        'defined in (a value library: no I/O, no dependencies; docs/adr/0082).',
      from: { path: '^src/([^/]+)/domain/' },
      to: { pathNot: ['^src/$1/domain/', '^src/platform/domain/', '^node_modules/zod/'] },
    },
    {
      name: 'application-not-to-adapters',
      severity: 'error',
      comment: 'application/ never imports infrastructure/ or interface/ (of any context): it talks to adapters through ports.',
      from: { path: '^src/[^/]+/application/', pathNot: '^src/[^/]+/application/(queries/|[^/]+\\.view\\.ts$)' },
      to: { path: '^src/[^/]+/(infrastructure|interface)/' },
    },
    {
      name: 'reads-know-only-tables',
      severity: 'error',
      comment:
        "The read side (application/queries/ and the row mappers in application/*.view.ts) may know its own context's " +
        'table definitions (infrastructure/*.tables.ts, ADR 0027), and no other adapter.',
      from: { path: '^src/([^/]+)/application/(queries/|[^/]+\\.view\\.ts$)' },
      to: { path: '^src/[^/]+/(infrastructure|interface)/', pathNot: '^src/$1/infrastructure/[^/]+\\.tables\\.ts$' },
    },
    {
      name: 'writes-through-ports',
      severity: 'error',
      comment:
        "Only query handlers may speak SQL directly (reads are plain, ADR 0026); command handlers and the workers' use " +
        'cases reach the database through ports (repositories, claim and lease stores) implemented in infrastructure/.',
      from: { path: '^src/[^/]+/application/', pathNot: '^src/[^/]+/application/queries/' },
      to: { path: '^src/platform/database/' },
    },
    {
      name: 'platform-not-to-contexts',
      severity: 'error',
      comment: 'platform/ is the shared kernel: it never imports a context, nor a composition root.',
      from: { path: '^src/platform/' },
      to: { path: '^src/', pathNot: '^src/platform/' },
    },
    {
      name: 'context-via-public-entry',
      severity: 'error',
      comment: 'A context imports another context only through its public entry, src/<context>/index.ts.',
      from: { path: `^src/${CONTEXT}/`, pathNot: `^src/${CONTEXT}/infrastructure/[^/]+\\.tables\\.ts$` },
      to: { path: `^src/${CONTEXT}/`, pathNot: ['^src/$1/', `^src/${CONTEXT}/index\\.ts$`] },
    },
    {
      name: 'tables-reference-the-tenant-root',
      severity: 'error',
      comment:
        "A context's table definitions may reference one other context's table: access's `workspaces`, the tenant root " +
        'that workspace-owned rows cascade from (ADR 0027).',
      from: { path: `^src/${CONTEXT}/infrastructure/[^/]+\\.tables\\.ts$` },
      to: {
        path: `^src/${CONTEXT}/`,
        pathNot: ['^src/$1/', `^src/${CONTEXT}/index\\.ts$`, '^src/access/infrastructure/access\\.tables\\.ts$'],
      },
    },
    {
      name: 'mcp-is-an-api-client',
      severity: 'error',
      comment:
        'The MCP server (src/mcp.ts, src/mcp/) is a client of the public API over HTTP, like any other: it imports ' +
        'nothing of the service (no context, no platform), only its own files and npm packages.',
      from: { path: '^src/mcp(\\.ts$|/)' },
      to: { path: '^src/', pathNot: '^src/mcp/' },
    },
    {
      name: 'listen-is-an-api-client',
      severity: 'error',
      comment:
        '`bio-page listen` (src/listen/) is a client of the public API over HTTP (ADR 0067): it loads no part of the ' +
        'service but the Standard Webhooks signing, which has no Nest and no database in it.',
      from: { path: '^src/listen/' },
      to: { path: '^src/', pathNot: ['^src/listen/', '^src/webhooks/infrastructure/webhook-signature\\.ts$'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles (type-only imports included: they become runtime imports under emitDecoratorMetadata).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves; this also proves the .js-to-.ts resolution works, without which the rules above pass vacuously.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$' },
    // Resolve `./x.js` specifiers to x.ts the way tsc (moduleResolution nodenext) does.
    tsConfig: { fileName: 'tsconfig.json' },
    // Keep `import type` edges: the layer rules are about what a layer may know, not only what it loads at run time.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
