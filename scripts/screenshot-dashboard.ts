// Regenerates docs/images/dashboard.png for the README: real traffic through the gateway (mock
// upstream on loopback), then the dashboard in headless Chromium.
// Run: npm run build -w @tokenwise/web && node --import tsx scripts/screenshot-dashboard.ts
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { startMockUpstream } from '../apps/server/src/mock-upstream/server.ts';
import { signUpSubscribed } from '../apps/server/src/testing/test-server.ts';
import { logIn, startE2e } from '../apps/web/e2e/harness.ts';

const QUESTIONS = [
  'What is the capital of France?',
  'Summarise the main causes of the French Revolution in three bullet points.',
  'Write a Python function that checks whether a string is a palindrome.',
  'How many moons does Mars have?',
  'Explain the difference between TCP and UDP for a junior engineer.',
  'Draft a polite reply to jane.doe@example.com declining the meeting on Friday.',
];

const mock = await startMockUpstream();
const e2e = await startE2e({
  env: {
    OPENAI_BASE_URL: mock.baseUrls.openai,
    ANTHROPIC_BASE_URL: mock.baseUrls.anthropic,
    GROQ_BASE_URL: mock.baseUrls.groq,
  },
});
try {
  const user = await signUpSubscribed(e2e.server, 'demo@tokenwise.dev');
  const key = (await user.api('POST', '/v1/keys', { name: 'Production' })).body.key as string;
  for (const provider of ['openai', 'anthropic', 'groq']) {
    await user.api('POST', '/v1/provider-keys', { provider, api_key: `${provider}-demo-key` });
  }
  await user.api('PUT', '/v1/routing/config', {
    enabled: true,
    difficulty_threshold_simple: 100,
    difficulty_threshold_complex: 500,
  });
  const client = new OpenAI({ apiKey: key, baseURL: `${e2e.server.url}/v1`, maxRetries: 0 });
  const models = [
    'openai/gpt-4o',
    'openai/gpt-4o-mini',
    'anthropic/claude-sonnet-4-5',
    'groq/llama-3.3-70b-versatile',
  ];
  for (let round = 0; round < 3; round++) {
    for (const [i, q] of QUESTIONS.entries()) {
      const model = models[(i + round) % models.length] ?? 'openai/gpt-4o';
      await client.chat.completions.create({
        model,
        messages: [{ role: 'user', content: `Hello! Could you please help me? ${q}` }],
      });
    }
  }
  await e2e.server.app.gateway.logs.flush();
  const page = await e2e.newPage({ viewport: { width: 1440, height: 1000 } });
  await logIn(page, 'demo@tokenwise.dev', 'correct-horse-1');
  await page.goto('/dashboard');
  await page.getByText('Model Performance').waitFor();
  await page.waitForTimeout(1500);
  const file = fileURLToPath(new URL('../docs/images/dashboard.png', import.meta.url));
  await page.screenshot({ path: file, fullPage: false });
  console.log(`written ${file}`);
} finally {
  await e2e.close();
  await mock.close();
}
