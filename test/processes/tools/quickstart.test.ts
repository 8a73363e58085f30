import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const SCRIPT = fileURLToPath(new URL('../../../examples/quickstart.sh', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `bash examples/quickstart.sh`, run as the README tells a newcomer to run it. */
function quickstart(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      [SCRIPT],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/**
 * The README's quickstart, run for real against a listening API (curl and jq, as a newcomer has them): so it cannot
 * rot while the API moves on.
 */
describe('examples/quickstart.sh', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp({ env: { PUBLIC_API_URL: base, PUBLIC_SITE_URL: `${base}/p` } });
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t?.close());

  it('publishes a page with an uploaded image, a link and a sign-up form, and prints its live URL', async () => {
    const tenant = await aTenant(t.commands);
    const run = await quickstart({ BIO_PAGE_API_URL: base, BIO_PAGE_API_KEY: tenant.key });
    expect(run.stderr).not.toMatch(/answered [45]\d\d/);
    expect(run.code).toBe(0);

    // One line on stdout: the live page's address, under the site's base.
    const url = run.stdout.trim();
    expect(url).toMatch(new RegExp(`^${base}/p/my-links(-[a-z0-9]+)?$`));

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The uploaded image, the link and the sign-up form are on the live page.
    const image = /<img[^>]+src="([^"]*\/files\/file_[^"]+\.png)"/.exec(html);
    expect(image).not.toBeNull();
    expect(html).toContain('My website');
    expect(html).toMatch(/<form[^>]+method="post"/i);
    expect(html).toContain('Get my news');

    // The image really serves, as the PNG that was uploaded.
    const picture = await fetch(new URL(image![1]!.replaceAll('&amp;', '&'), url));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');

    // The API agrees: published, three blocks live.
    const id = /page\s+(pg_\w+)/.exec(run.stderr)![1]!;
    const read = await fetch(`${base}/v1/pages/${id}`, { headers: tenant.auth });
    const body = (await read.json()) as { status: string; published: { is_live: boolean; block_count: number } };
    expect(body.status).toBe('PUBLISHED');
    expect(body.published).toMatchObject({ is_live: true, block_count: 3 });
  }, 90_000);

  it('stops at the first failed call and prints the problem, with nothing on stdout', async () => {
    const tenant = await aTenant(t.commands);
    const readOnly = await aKey(t.commands, tenant.workspace.id, { scopes: ['pages:read', 'pages:write', 'files:write'] });
    const run = await quickstart({ BIO_PAGE_API_URL: base, BIO_PAGE_API_KEY: readOnly.key });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/POST \/v1\/pages\/pg_\w+\/publish answered 403/);
    expect(run.stderr).toContain('insufficient_scope');
  }, 90_000);

  it('says what is missing without a key', async () => {
    const run = await quickstart({ BIO_PAGE_API_URL: base });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('BIO_PAGE_API_KEY');
  });
});
