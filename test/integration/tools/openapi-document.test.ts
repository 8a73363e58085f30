import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { generateResources, README_FILE, RESOURCES_FILE, withResourceTable } from '../../../scripts/generate-sdk-resources.mjs';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The committed description (linted in CI) and the SDK's types and resource classes generated from it. */
const DOCUMENT_FILE = 'docs/openapi.json';
const SDK_TYPES_FILE = 'clients/typescript/src/generated/schema.ts';
const HEADER = '// Generated from docs/openapi.json by openapi-typescript (npm run openapi). Do not edit.\n\n';

/**
 * What `npm run openapi` writes: the served document, as served, its types (default settings) and the SDK's
 * resource classes, one method per operation (scripts/generate-sdk-resources.mjs).
 */
async function generatedFiles(document: unknown): Promise<Record<string, string>> {
  // openapi-typescript annotates the document it is given; the committed document must stay the served one.
  const types = astToString(await openapiTS(structuredClone(document) as never));
  return {
    [DOCUMENT_FILE]: `${JSON.stringify(document, null, 2)}\n`,
    [SDK_TYPES_FILE]: HEADER + types,
    [RESOURCES_FILE]: generateResources(document),
    // The SDK README's table of resources and methods: every resource, none written by hand.
    [README_FILE]: withResourceTable(document, readFileSync(README_FILE, 'utf8')),
  };
}

/**
 * The committed document is the one the service serves, and the SDK's types are generated from it: a change
 * to the API that forgets `npm run openapi` fails here. With OPENAPI_WRITE=1 (npm run openapi) it writes them.
 */
describe('the committed OpenAPI document and SDK types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are what the service serves now', async () => {
    const served = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const files = await generatedFiles(served);
    for (const [file, text] of Object.entries(files)) {
      if (process.env.OPENAPI_WRITE === '1') writeFileSync(file, text);
      const committed = readFileSync(file, 'utf8');
      if (committed !== text) throw new Error(`${file} is stale: run \`npm run openapi\` and commit the result.`);
      expect(committed).toBe(text);
    }
  });
});
