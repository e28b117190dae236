// `npm run screenshots`: regenerates docs/images/dashboard.png for the README from the demo (real
// traffic through the gateway against the mock upstream, a smaller count), in headless Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../apps/web/e2e/harness.ts';
import { runDemo } from './demo/run-demo.ts';

const count = Number(process.env.DEMO_COUNT ?? 400);
const dataDir = mkdtempSync(join(tmpdir(), 'tw-screenshot-'));
const file = fileURLToPath(new URL('../docs/images/dashboard.png', import.meta.url));

console.log(`Sending ${count} demo requests…`);
const demo = await runDemo({ count, port: 0, dataDir });
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    baseURL: demo.url,
    viewport: { width: 1440, height: 1000 },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo.account.email);
  await page.getByLabel(/^Password/).fill(demo.account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByText('Model Performance').waitFor();
  // Every panel has had its answer once the network is quiet.
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: file });
  console.log(`written ${file}`);
} finally {
  await browser.close();
  await demo.close();
  rmSync(dataDir, { recursive: true, force: true });
}
