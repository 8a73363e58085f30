// Three projects: `unit` (domain rules, no I/O, beside the code), `integration` (real PostgreSQL, the application in
// the test's process) and `processes` (tests whose subject is a process of their own: the CLI, start and stop, the
// build lock, a balancer, a pooler, a browser, PostgreSQL stopped and started). `npm test` runs all three.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': swc },
};
/** The `processes` lane: test files that spawn the service, the CLI or a daemon as what they test (docs/testing.md). */
const PROCESS_LANE = [
  'api-reference.browser',
  'build-lock',
  'cli',
  'cli-database',
  'database-outage',
  'database-outage-forms',
  'dispatcher-crash',
  'embedded-as-root',
  'embedded-stop',
  'files-migrate',
  'idempotency-lease',
  'listen',
  'live-site.browser',
  'pgbouncer',
  'quickstart',
  'rolling-restart',
  'scheduler-workers',
  'sdk-package',
  'start-and-stop',
  'startup',
  'webhook-workers',
  'worker-file-sweep',
];
const integration = {
  ...common,
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
};

export default {
  testTimeout: 60000,
  // Two test files at once (docs/adr/0049): most integration files wait on processes, sockets and PostgreSQL, so
  // two overlap well on a 2-core machine (the suite takes about two thirds of the time); more would starve the
  // tests that check a bound in wall time (fairness, load shedding). JEST_MAX_WORKERS overrides it.
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'] },
    {
      ...integration,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      testPathIgnorePatterns: PROCESS_LANE.map((name) => `/test/integration/${name.replaceAll('.', '\\.')}\\.test\\.ts$`),
    },
    { ...integration, displayName: 'processes', testMatch: PROCESS_LANE.map((name) => `<rootDir>/test/integration/${name}.test.ts`) },
  ],
};
