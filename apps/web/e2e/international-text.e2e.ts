import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { type MockUpstream, startMockUpstream } from '../../server/src/mock-upstream/server.ts';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

const PROMPT = 'Grüße aus München 👨‍👩‍👧‍👦 🇯🇵 東京 مرحبا שלום नमस्ते Cafe\u0301';

describe('a request in several languages and scripts, on the screens', () => {
  let e2e: E2eEnv;
  let mock: MockUpstream;
  let user: Awaited<ReturnType<typeof signUpSubscribed>>;
  let id: string;

  before(async () => {
    mock = await startMockUpstream();
    e2e = await startE2e({ env: { OPENAI_BASE_URL: mock.baseUrls.openai } });
    user = await signUpSubscribed(e2e.server);
    const key = await user.api('POST', '/v1/keys', { name: 'e2e' });
    await user.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'openai-secret-key',
      label: 'main',
    });
    const openai = new OpenAI({ apiKey: key.body.key, baseURL: `${e2e.server.url}/v1` });
    const { response } = await openai.chat.completions
      .create(
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: PROMPT }] },
        { headers: { 'x-tokenwise-optimization-level': 'off' } },
      )
      .withResponse();
    id = response.headers.get('x-request-id') ?? '';
    await e2e.server.app.gateway.logs.flush();
  });
  after(async () => {
    await e2e?.close();
    await mock?.close();
  });

  test('the request detail shows the prompt exactly as it was sent', async () => {
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`/requests/${id}`);
    await page.getByRole('heading', { name: 'Text Comparison' }).waitFor();
    const original = (await page.getByTestId('text-original').textContent()) ?? '';
    assert.ok(original.includes(PROMPT), original);
    const optimized = (await page.getByTestId('text-optimized').textContent()) ?? '';
    assert.ok(optimized.includes(PROMPT), optimized);
  });
});
