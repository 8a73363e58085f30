// Lists code under src/ that only tests reach: exported declarations, and members of exported classes, whose every
// reference outside their own declaration is in a test (*.spec.ts, test/). A symbol referenced nowhere at all is listed
// too. Nest wires providers and handlers by decorators and module lists, which are references, so they are not listed;
// an abstract port member counts the calls made through the port. `npm run lint:test-only` fails on any finding not
// in KEPT, and on a KEPT entry that is no longer one (docs/adr/0041).
import ts from 'typescript';
import { relative } from 'node:path';

const configPath = ts.findConfigFile(process.cwd(), ts.sys.fileExists, 'tsconfig.json');
const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, process.cwd());
const files = parsed.fileNames;
const versions = new Map(files.map((f) => [f, '1']));
const service = ts.createLanguageService({
  getScriptFileNames: () => files,
  getScriptVersion: (f) => versions.get(f) ?? '1',
  getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)) : undefined),
  getCurrentDirectory: () => process.cwd(),
  getCompilationSettings: () => parsed.options,
  getDefaultLibFileName: ts.getDefaultLibFilePath,
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
});
const program = service.getProgram();

/** Test-only on purpose (docs/adr/0041, point 8), as `file: name`. */
const KEPT = [
  // Test probes of bounded state.
  'src/analytics/application/visit-recorder.ts: VisitRecorder.size',
  'src/files/interface/http/download-slots.ts: DownloadSlots.heldBy',
  'src/listen/recent-ids.ts: RecentIds.size',
  'src/listen/sse.ts: SseParser.lastEventId',
  'src/platform/process/graceful-stop.ts: GracefulStop.stopRequested',
  'src/platform/process/serving.ts: Serving.heldOpen',
  'src/platform/rate-limit/pending-limit.ts: PendingLimit.size',
  'src/site/application/live-page-cache.ts: LivePageCache.bytes',
  'src/site/application/live-page-cache.ts: LivePageCache.size',
  'src/webhooks/application/event-streams.ts: EventStreams.size',
  'src/webhooks/domain/event-stream-window.ts: EventStreamWindow.size',
  'src/webhooks/domain/fair-share.ts: SlowLane.size',
  // Tests drive the dispatcher one batch at a time, deterministically.
  'src/webhooks/interface/workers/webhook-dispatcher.ts: WebhookDispatcher.dispatchOnce',
  // The test that every handler declares its transaction.
  'src/platform/cqrs/transactional.ts: transactionPolicyOf',
  // Loaded from dist/ by the scripts and benches.
  'src/platform/database/schema-check.ts: schemaDifference',
  'src/platform/database/schema-check.ts: schemaMigration',
  'src/platform/database/scratch-database.ts: scratchDatabase',
  'src/tables.ts: tables',
  // Called by Fastify, Nest or template strings.
  'src/platform/http/request-log.ts: RequestLogController.defaultErrorLog',
  'src/platform/http/request-log.ts: RequestLogController.incomingRequest',
  'src/platform/http/request-log.ts: RequestLogController.requestCompleted',
  'src/platform/http/request-log.ts: RequestLogController.routeNotFound',
  'src/platform/http/request-log.ts: RequestLogController.writeHeadError',
  'src/platform/observability/logger.ts: PinoNestLogger.fatal',
  'src/platform/observability/logger.ts: PinoNestLogger.verbose',
  'src/site/interface/http/render/html.ts: SafeHtml.toString',
];

const rel = (f) => relative(process.cwd(), f);
const isTest = (f) => f.endsWith('.spec.ts') || rel(f).startsWith('test/');
const isSource = (f) => rel(f).startsWith('src/') && !isTest(f) && !rel(f).startsWith('src/platform/database/migrations/');
/** Lifecycle hooks and handler entry points, which Nest calls. */
const FRAMEWORK_CALLED = new Set([
  'execute',
  'onModuleInit',
  'onModuleDestroy',
  'onApplicationBootstrap',
  'onApplicationShutdown',
  'beforeApplicationShutdown',
  'intercept',
  'catch',
  'canActivate',
  'use',
  'transform',
]);
const exported = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;

/** The declarations to check: exported top-level names, and the members of exported classes. */
function declarations(source) {
  const out = [];
  for (const statement of source.statements) {
    if (!exported(statement)) continue;
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) out.push({ name: d.name, label: d.name.getText() });
    else if (statement.name) out.push({ name: statement.name, label: statement.name.getText() });
    if (ts.isClassDeclaration(statement) && statement.name)
      for (const member of statement.members) {
        if (!member.name || ts.isConstructorDeclaration(member)) continue;
        const flags = ts.getCombinedModifierFlags(member);
        if (flags & ts.ModifierFlags.Private) continue;
        // Decorated members (routes, DTO fields) are reached by the framework.
        if (ts.canHaveDecorators(member) && ts.getDecorators(member)?.length) continue;
        // Lifecycle hooks and handler entry points are called by the framework.
        if (FRAMEWORK_CALLED.has(member.name.getText())) continue;
        out.push({ name: member.name, label: `${statement.name.text}.${member.name.getText()}` });
      }
  }
  return out;
}

/** The innermost node that starts at `pos`. */
function nodeAt(source, pos) {
  let found;
  const visit = (node) => {
    if (pos < node.getStart(source) || pos >= node.getEnd()) return;
    found = node;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const findings = [];
for (const source of program.getSourceFiles()) {
  if (!isSource(source.fileName)) continue;
  for (const { name, label } of declarations(source)) {
    const refs = (service.findReferences(source.fileName, name.getStart()) ?? []).flatMap((s) => s.references);
    const elsewhere = refs.filter((r) => !r.isDefinition);
    const fromSource = elsewhere.filter((r) => isSource(r.fileName));
    const fromTests = elsewhere.filter((r) => isTest(r.fileName));
    // Re-exports (index.ts) and other declarations of the name (an abstract port member, an override) are no use.
    const used = fromSource.filter((r) => {
      const node = nodeAt(program.getSourceFile(r.fileName), r.textSpan.start);
      if (!node?.parent) return true;
      if (ts.isExportSpecifier(node.parent)) return false;
      return !(ts.isClassElement(node.parent) || ts.isTypeElement(node.parent)) || node.parent.name !== node;
    });
    if (used.length === 0)
      findings.push(`${rel(source.fileName)}: ${label} — ${fromTests.length ? `only tests (${fromTests.length})` : 'no reference'}`);
  }
}
const listed = findings.filter((f) => !KEPT.some((kept) => f.startsWith(`${kept} — `)));
const stale = KEPT.filter((kept) => !findings.some((f) => f.startsWith(`${kept} — `)));
if (listed.length > 0)
  console.log(`Code under src/ that only tests reach (use it, delete it, or keep it in KEPT with why):\n${listed.sort().join('\n')}`);
if (stale.length > 0) console.log(`KEPT entries that are no longer test-only (remove them):\n${stale.join('\n')}`);
process.exit(listed.length + stale.length > 0 ? 1 : 0);
