#!/usr/bin/env node
// Screenshots of the API reference (/docs) for docs/: the top of the page, and "Append a block to the draft"
// opened on its examples. Needs a running service and Debian's chromium (CHROMIUM_PATH to use another).
// Usage: npm start (elsewhere), then node scripts/screenshot-docs.mjs [http://127.0.0.1:3000]
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
  await page.goto(`${base}/docs`, { waitUntil: 'networkidle' });
  await page.waitForSelector('.opblock');
  await page.screenshot({ path: 'docs/api-reference.png' });
  const operation = page.locator('#operations-Pages-addBlock');
  await operation.locator('.opblock-summary').click();
  await operation.locator('.examples-select').first().waitFor();
  await operation.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -40));
  await page.screenshot({ path: 'docs/api-reference-examples.png' });
  console.log('Wrote docs/api-reference.png and docs/api-reference-examples.png');
} finally {
  await browser.close();
}
