// A new team's first hour, walked in Chromium against a running server (decision 234): signup,
// trial, the getting-started checklist, keys, ~30 requests through the official openai SDK, then
// every screen at desktop and phone width with screenshots, console errors and failed calls.
// Usage: UI_WALK_URL=http://127.0.0.1:PORT UI_WALK_OUT=/tmp/dir node --import tsx bench/support/ui-walk.ts
// (the server started with SUPERADMIN_EMAILS naming UI_WALK_EMAIL, to reach the admin screens).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import type { Page } from 'playwright-core';
import { launchChromium, overflowsSideways } from '../../apps/web/e2e/harness.ts';

const base = process.env.UI_WALK_URL ?? 'http://127.0.0.1:8080';
const out = process.env.UI_WALK_OUT ?? '/tmp/ui-walk';
const email = process.env.UI_WALK_EMAIL ?? 'owner@newteam.test';
const password = 'new-team-password-1';
mkdirSync(out, { recursive: true });

const problems: string[] = [];
function watch(page: Page, tag: string): void {
  page.on('response', (res) => {
    if (res.status() >= 400)
      problems.push(`[${tag}] ${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`[${tag}] failed ${req.url()}: ${reason}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`[${tag}] console.${msg.type()} on ${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`[${tag}] page error: ${err.message}`));
}

async function sendTraffic(gatewayKey: string): Promise<string[]> {
  const openai = new OpenAI({ apiKey: gatewayKey, baseURL: `${base}/v1`, maxRetries: 0 });
  const ask = (content: string, model = 'gpt-4o-mini') =>
    openai.chat.completions.create({ model, messages: [{ role: 'user', content }] });
  const log: string[] = [];
  const prompts = [
    'What is the capital of Portugal?',
    'What is the capital of Portugal?',
    "What's the capital city of Portugal?",
    'Explain how a hash map works in two sentences.',
    'Explain how a hash map works in two sentences.',
    'In two sentences, explain how hash maps work.',
    'Please email jane.doe@example.com and tell her the invoice is late.',
    'My email is bob.smith@acme.io and my phone is 415-555-0134; draft a reply to support.',
    'Summarise: contact alice@example.org about SSN 123-45-6789 on file.',
    `Summarise this long report. ${'The quarterly numbers show steady growth in every region, with costs kept under control and a small rise in support tickets. '.repeat(60)}`,
    `Review this code and list bugs:\n${'function add(a, b) { return a - b; }\n'.repeat(80)}`,
    'Write a haiku about autumn.',
    'Write a haiku about autumn.',
    'Compose a haiku on the autumn season.',
    'Prove that there are infinitely many primes, step by step, with rigorous justification.',
    'Translate "good morning" into French.',
    'Translate "good morning" into French.',
    'What is 17 times 23?',
    'List three uses of baking soda.',
    'List three uses of baking soda.',
    'Give me three ways to use baking soda.',
    'Design a distributed rate limiter for a multi-region API and discuss trade-offs in depth.',
    'What is the boiling point of water at sea level?',
    'What is the boiling point of water at sea level?',
    'Name the largest planet in the solar system.',
    'Name the largest planet in the solar system.',
  ];
  for (const p of prompts) {
    const r = await ask(p);
    log.push(`ok ${p.slice(0, 40)} -> ${r.choices[0]?.message.content?.slice(0, 30)}`);
  }
  const stream = await openai.chat.completions.create({
    model: 'gpt-4o-mini',
    stream: true,
    messages: [{ role: 'user', content: 'Stream me a short poem about rivers.' }],
  });
  let streamed = '';
  for await (const chunk of stream) streamed += chunk.choices[0]?.delta?.content ?? '';
  log.push(`stream ${streamed.length} chars`);
  for (const bad of ['gpt-does-not-exist-9']) {
    try {
      await ask('This one should fail.', bad);
      log.push(`unexpected success for ${bad}`);
    } catch (err) {
      log.push(`failed as planned: ${(err as Error).message}`);
    }
  }
  // Upstream refusal: an empty message list reaches the provider check.
  try {
    await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [] });
    log.push('unexpected success for empty messages');
  } catch (err) {
    log.push(`failed as planned: ${(err as Error).message}`);
  }
  return log;
}

const SCREENS: [string, string][] = [
  ['dashboard', '/dashboard'],
  ['api-keys', '/api-keys'],
  ['optimization', '/optimization'],
  ['semantic-cache', '/semantic-cache'],
  ['routing', '/routing'],
  ['savings', '/savings'],
  ['evals', '/evals'],
  ['alerts', '/alerts'],
  ['team', '/team'],
  ['settings', '/settings'],
  ['billing', '/billing'],
  ['admin-users', '/admin/users'],
  ['admin-accounts', '/admin/accounts'],
];

async function visitAll(page: Page, width: number, requestPath: string): Promise<void> {
  for (const [name, path] of [...SCREENS, ['request-detail', requestPath] as [string, string]]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    if (await overflowsSideways(page)) problems.push(`[${width}] ${path} scrolls sideways`);
    await page.screenshot({ path: join(out, `${name}-${width}.png`), fullPage: true });
    // The text as shown (playwright's innerText, not the DOM property), to compare with the spec.
    // biome-ignore lint/performance/useDomNodeTextContent: a playwright locator, not an element
    writeFileSync(join(out, `${name}-${width}.txt`), await page.locator('body').innerText());
  }
}

const browser = await launchChromium();
try {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  watch(page, 'desktop');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/billing');
  await page.screenshot({ path: join(out, 'billing-before-trial-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await page.waitForURL('**/billing?checkout=success');
  await page.goto('/dashboard');
  const checklist = page.getByRole('region', { name: 'Getting started' });
  await checklist.waitFor();
  await page.screenshot({ path: join(out, 'dashboard-new-1280.png'), fullPage: true });
  await checklist.getByRole('button', { name: 'Create key' }).click();
  await checklist.getByText('Create a gateway key (done)').waitFor();
  const curl = checklist.getByRole('tabpanel').locator('pre');
  await curl.getByText(/Bearer tw_/).waitFor();
  const gatewayKey = /Bearer (tw_\S+)"/.exec((await curl.textContent()) ?? '')?.[1];
  if (!gatewayKey) throw new Error('no key in the snippet');
  await checklist.getByRole('link', { name: 'Add it in Settings' }).click();
  await page.waitForURL('**/settings');
  const form = page.getByRole('form', { name: 'Add provider key' });
  await form.getByLabel(/^Provider/).click();
  await page.getByRole('option', { name: 'OpenAI' }).click();
  await form.getByLabel(/^API Key/).fill('sk-newteam-secret-key');
  await form.getByRole('button', { name: 'Add Provider Key' }).click();
  await page.getByText('Provider key added').waitFor();
  await page.screenshot({ path: join(out, 'settings-after-key-1280.png'), fullPage: true });

  const log = await sendTraffic(gatewayKey);
  writeFileSync(join(out, 'traffic.txt'), log.join('\n'));
  await page.waitForTimeout(3000);
  await page.goto('/dashboard');
  await page.locator('a[href^="/requests/"]').first().waitFor({ timeout: 30_000 });
  const requestPath =
    (await page.locator('a[href^="/requests/"]').first().getAttribute('href')) ?? '/';
  await visitAll(page, 1280, requestPath);

  const phoneContext = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    storageState: await context.storageState(),
  });
  const phone = await phoneContext.newPage();
  watch(phone, 'phone');
  await visitAll(phone, 390, requestPath);
} finally {
  writeFileSync(join(out, 'problems.txt'), problems.join('\n'));
  console.log(problems.join('\n') || 'no problems');
  await browser.close();
}
