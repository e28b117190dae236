import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/src/testing/test-server.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Flags for a headless run on a small shared machine with no network: no sandbox (containers),
// no GPU, and none of the background traffic Chromium would otherwise try to send.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * How long one step (a click, a wait for text) may take before the test fails. Generous: a step
 * waits on state, never on time, so this bounds only a real hang, and a sign-in through the SAML
 * redirects went past 10 s once at load average ~20 on CI's two cores.
 */
const STEP_TIMEOUT_MS = 30_000;

/** Headless system Chromium with the flags above (also used by scripts/screenshot-dashboard.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export const SCREENSHOT_DIR = new URL('../../../docs/images/', import.meta.url);
/** Where screenshots taken as evidence of a run go (git-ignored); E2E_SCREENS_DIR moves them. */
export const ARTIFACT_DIR = process.env.E2E_SCREENS_DIR
  ? resolve(process.env.E2E_SCREENS_DIR)
  : fileURLToPath(new URL('../../../test-artifacts/screens/', import.meta.url));

export interface E2eEnv {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (empty localStorage) and page, closed by `close()`. */
  newPage(opts?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The real server (serving the built dashboard from apps/web/dist) on a loopback port, plus one
 * headless Chromium for the whole test file. Run `npm run build -w @tokenwise/web` first.
 */
export async function startE2e(opts: { env?: Record<string, string> } = {}): Promise<E2eEnv> {
  const server = await startTestServer(opts.env ? { env: opts.env } : {});
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (err) {
    await server.close();
    throw err;
  }
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async newPage({ viewport = { width: 1280, height: 800 } } = {}) {
      const context = await browser.newContext({ baseURL: server.url, viewport });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close()));
      await browser.close();
      await server.close();
    },
  };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** The stored session as the app sees it (read in the page, where localStorage lives). */
export async function storedSession(
  page: Page,
): Promise<{ token: string | null; user: string | null }> {
  return page.evaluate<{ token: string | null; user: string | null }>(
    "({ token: localStorage.getItem('auth_token'), user: localStorage.getItem('user') })",
  );
}

/** Signs in through the login form and waits until the app has left /login. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The texts of the sidebar links, top to bottom, once the sidebar has rendered. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
  // The URL changes a moment before the layout renders; all links appear in the same render.
  await links.getByText('Billing', { exact: true }).waitFor();
  const labels = await links.allInnerTexts();
  return labels.map((l) => l.trim());
}

/** The reset token from the newest password-reset email sent to `email`. */
export async function resetTokenFor(server: TestServer, email: string): Promise<string> {
  const mail = (await server.outbox())
    .reverse()
    .find((eml) => new RegExp(`^To: ${escapeRegExp(email)}`, 'mi').test(eml));
  if (!mail) throw new Error(`no email was sent to ${email}`);
  const match = /\/reset-password\?token=([\w%.~-]+)/.exec(decodeEmailBody(mail));
  if (!match?.[1]) throw new Error('the email has no reset link');
  return decodeURIComponent(match[1]);
}

/** The text of a single-part email, whichever transfer encoding the mailer picked. */
function decodeEmailBody(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const body = eml.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
  }
  return body;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Writes a PNG for the README when UPDATE_SCREENSHOTS=1; otherwise does nothing. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOT_DIR).pathname, fullPage: true });
}

/** Saves a full-page PNG of the run as `<name>.png` under ARTIFACT_DIR, on every run. */
export async function saveArtifact(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACT_DIR, { recursive: true });
  const path = join(ARTIFACT_DIR, `${name}.png`);
  // From the top: a scrolled page would draw its fixed header part-way down the picture.
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  await page.screenshot({ path, fullPage: true });
  return path;
}

interface Sizes {
  scrollWidth: number;
  clientWidth: number;
}

/** Whether the page can be scrolled sideways: a layout wider than the screen it is shown on. */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as { document: { documentElement: Sizes } })
      .document;
    return documentElement.scrollWidth > documentElement.clientWidth;
  });
}
