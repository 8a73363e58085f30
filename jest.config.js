// Three projects: `unit` (domain rules, no I/O, beside the code), `integration` (test/integration/: real PostgreSQL,
// the application in the test's process) and `processes` (test/processes/: tests whose subject is a process of their
// own: the CLI, start and stop, the build lock, a balancer, a pooler, a browser, PostgreSQL stopped and started). The
// folder decides the lane; inside each, a folder per context (docs/testing.md). `npm test` runs all three.
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
    { ...integration, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    { ...integration, displayName: 'processes', testMatch: ['<rootDir>/test/processes/**/*.test.ts'] },
  ],
};
