import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The API reference page (/docs) in headless Chromium: laid out for a phone, and no critical axe finding. */
describe('the API reference in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    // .ci/run installs Debian's chromium; live-site.browser.test.ts installs it too when run as root.
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  it.each([
    ['a phone', 390, 844],
    ['a laptop', 1366, 900],
  ])(
    'on %s: a viewport, the operations listed, and no critical accessibility finding',
    async (_what, width, height) => {
      const page = await browser.newPage({ viewport: { width, height } });
      try {
        await page.goto(`${origin}/docs`);
        await page.waitForSelector('.opblock', { timeout: 30_000 });
        expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain('width=device-width');
        // Laid out at the device's width, not a desktop's 980 px.
        expect(await page.evaluate('document.documentElement.clientWidth')).toBe(width);
        await page.addScriptTag({ content: AXE });
        const violations = (await page.evaluate(`axe.run().then((r) => r.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) })))`)) as Violation[];
        if (process.env.SHOW_AXE) console.log(JSON.stringify(violations, null, 1));
        expect(
          violations
            .filter((v) => v.impact === 'critical')
            .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
        ).toEqual([]);
      } finally {
        await page.close();
      }
    },
    90_000,
  );
});
