import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { signUp } from '../../testing/test-server.ts';
import { type GatewayFixture, uncachedChat } from './gateway-fixture.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const model = 'openai/gpt-4o-mini';
const ask = (f: GatewayFixture, content = 'hello') =>
  f.openai.chat.completions.create({ model, messages: [{ role: 'user', content }] });

// Upstream faults (429, 5xx, resets, stalls, cut or malformed answers) are in
// gateway-upstream-faults.test.ts, for each SDK plain and streamed.
describe('gateway failures: keys, models, bodies, subscription and quota', () => {
  const f = useGatewayFixture();

  test('wrong key is a 401; a deleted key fails at once', async () => {
    const wrong = new OpenAI({
      apiKey: 'tw_not-a-key',
      baseURL: `${f.server.url}/v1`,
      maxRetries: 0,
    });
    await assert.rejects(
      wrong.chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] }),
      (e: unknown) => e instanceof OpenAI.AuthenticationError,
    );

    const created = await f.user.api('POST', '/v1/keys', { name: 'short-lived' });
    const client = new OpenAI({
      apiKey: created.body.key,
      baseURL: `${f.server.url}/v1`,
      maxRetries: 0,
    });
    await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'works' }] });
    assert.equal((await f.user.api('DELETE', `/v1/keys/${created.body.id}`)).status, 200);
    await assert.rejects(
      client.chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] }),
      (e: unknown) => e instanceof OpenAI.AuthenticationError,
    );
  });

  test('unknown model is a 404 naming it; a provider with no key is a 400 saying so', async () => {
    await assert.rejects(
      f.openai.chat.completions.create({
        model: 'acme/llm-9000',
        messages: [{ role: 'user', content: 'x' }],
      }),
      (e: unknown) => e instanceof OpenAI.NotFoundError && /acme\/llm-9000/.test(e.message),
    );
    const list = await f.user.api('GET', '/v1/provider-keys');
    for (const k of list.body.filter((k: { provider: string }) => k.provider === 'gemini')) {
      await f.user.api('DELETE', `/v1/provider-keys/${k.id}`);
    }
    await assert.rejects(
      f.openai.chat.completions.create({
        model: 'gemini-2.0-flash',
        messages: [{ role: 'user', content: 'x' }],
      }),
      (e: unknown) =>
        e instanceof OpenAI.BadRequestError && /No API key configured for gemini/.test(e.message),
    );
    // The request log names the provider the model belongs to even though no call was made, and
    // says nothing it does not know for a name no provider has.
    const [noKey, unknown] = await f.logs();
    assert.deepEqual(
      [noKey?.requested_model, noKey?.provider, noKey?.http_status],
      ['gemini-2.0-flash', 'gemini', 400],
    );
    assert.deepEqual([unknown?.requested_model, unknown?.provider], ['acme/llm-9000', 'unknown']);
  });

  test('a stored provider key that does not decrypt is a 400 in each format saying to re-enter it', async () => {
    // Before: a bare 500 'The gateway failed to process the request' (the log: 'unable to
    // authenticate data'), which the SDKs retried; the key sealed under another ENCRYPTION_KEY.
    const { encryptSecret } = await import('../../lib/crypto.ts');
    const { PROVIDER_KEYS_CHANGED_TOPIC } = await import('../../domain/topics.ts');
    await f.server.deps.db.kysely
      .updateTable('provider_keys')
      .set({ key_sealed: encryptSecret(Buffer.alloc(32, 3), 'groq-secret-key') })
      .where('account_id', '=', f.user.accountId)
      .where('provider', '=', 'groq')
      .execute();
    await f.server.deps.bus.publish(PROVIDER_KEYS_CHANGED_TOPIC, f.user.accountId);
    const unreadable =
      /stored groq provider key cannot be read.*add the groq key again in Settings/;
    const body = { model: 'groq/llama-3.1-8b-instant', messages: [{ role: 'user', content: 'x' }] };
    const openai = await fetch(`${f.server.url}/v1/chat/completions`, uncachedChat(f, body));
    assert.equal(openai.status, 400);
    const oaiError = ((await openai.json()) as { error: { message: string; code: string } }).error;
    assert.match(oaiError.message, unreadable);
    assert.equal(oaiError.code, 'provider_key_unreadable');
    const anthropic = await fetch(`${f.server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': f.gatewayKey },
      body: JSON.stringify({ ...body, max_tokens: 5 }),
    });
    assert.equal(anthropic.status, 400);
    const antBody = (await anthropic.json()) as { type: string; error: { message: string } };
    assert.equal(antBody.type, 'error');
    assert.match(antBody.error.message, unreadable);
    const rows = await f.logs();
    assert.equal(rows[0]?.requested_model, 'groq/llama-3.1-8b-instant');
    assert.equal(rows[0]?.http_status, 400);
    assert.match(rows[0]?.error_message ?? '', unreadable);
    // The dashboard still lists the key, so it can be deleted and added again.
    const list = await f.user.api('GET', '/v1/provider-keys');
    assert.equal(list.status, 200);
    assert.ok(list.body.some((k: { provider: string }) => k.provider === 'groq'));
  });

  test('malformed bodies get an OpenAI-format 400', async () => {
    const res = await fetch(`${f.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${f.gatewayKey}` },
      body: '{"model": "openai/gpt-4o-mini", "messages": ',
    });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { error: { message: string; type: string } };
    assert.equal(body.error.type, 'invalid_request_error');
    const empty = await fetch(`${f.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${f.gatewayKey}` },
      body: JSON.stringify({ model, messages: [] }),
    });
    assert.equal(empty.status, 400);
  });

  test('answers refused before the pipeline carry a request id too', async () => {
    // Before: a malformed body, a missing field or a wrong key on a model list came back with no
    // x-request-id, where every later answer had one; nothing for the caller to quote.
    const post = (path: string, headers: Record<string, string>, body: string) =>
      fetch(`${f.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const auth = { authorization: `Bearer ${f.gatewayKey}` };
    const refusals = [
      await post('/v1/chat/completions', auth, '{"model": '),
      await post('/v1/chat/completions', {}, '{}'),
      await post('/v1/responses', auth, '{"input": 3}'),
      await post('/v1/embeddings', auth, '{}'),
      await fetch(`${f.server.url}/v1/models`, { headers: { authorization: 'Bearer tw_wrong' } }),
      // The dashboard's refusals too.
      await fetch(`${f.server.url}/v1/keys`),
    ];
    for (const res of refusals) {
      assert.ok(res.status >= 400 && res.status < 500, String(res.status));
      assert.match(res.headers.get('x-request-id') ?? '', uuid, `${res.url} ${res.status}`);
    }
    // Two answers, two ids.
    assert.notEqual(
      refusals[0]?.headers.get('x-request-id'),
      refusals[1]?.headers.get('x-request-id'),
    );
    // Anthropic's SDK reads `request-id`, and the error body's request_id.
    const anthropic = await post('/v1/messages', { 'x-api-key': f.gatewayKey }, '{}');
    assert.equal(anthropic.status, 400);
    const id = anthropic.headers.get('request-id') ?? '';
    assert.match(id, uuid);
    assert.equal(anthropic.headers.get('x-request-id'), id);
    assert.equal(((await anthropic.json()) as { request_id?: string }).request_id, id);
  });

  test('fields the gateway reads, of the wrong type, are a 400 naming them (found by fuzzing)', async () => {
    // An earlier test removed the Gemini key; the adapter is only reached with one.
    await f.user.api('POST', '/v1/provider-keys', {
      provider: 'gemini',
      api_key: 'gemini-secret-key',
      label: 'again',
    });
    const user = (extra: Record<string, unknown>) => ({ role: 'user', content: 'x', ...extra });
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['openai/gpt-4o-mini', { messages: [user({ tool_calls: 0 })] }, /messages\.0\.tool_calls/],
      [
        'mistral-small-latest',
        {
          messages: [
            user({
              tool_calls: [{ id: 5, type: 'function', function: { name: 'f', arguments: '{}' } }],
            }),
          ],
        },
        /messages\.0\.tool_calls\.0\.id/,
      ],
      [
        'claude-3-5-haiku-latest',
        { messages: [user({ thinking_blocks: true })] },
        /thinking_blocks/,
      ],
      ['claude-3-5-haiku-latest', { messages: [user({})], stop: 5 }, /^stop/],
      [
        'openai/gpt-4o-mini',
        { messages: [user({ content: [{ type: 'text', text: 5 }] })] },
        /messages\.0\.content/,
      ],
      [
        'gemini-2.0-flash',
        { messages: [user({})], tools: [{ type: 'function', function: null }] },
        /tools\.0/,
      ],
      [
        'gemini-2.0-flash',
        { messages: [user({})], tools: [{ type: 'web_search' }] },
        /Gemini does not accept "web_search" tools/,
      ],
    ];
    for (const [model, body, named] of cases) {
      const res = await fetch(`${f.server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${f.gatewayKey}` },
        body: JSON.stringify({ model, ...body }),
      });
      const answer = (await res.json()) as { error: { message: string } };
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${answer.error.message}`);
      assert.match(answer.error.message, named);
    }
    const nulls = await f.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'nulls are absent', name: null, tool_calls: null }],
      stop: null,
      temperature: null,
    } as never);
    assert.match(nulls.choices[0]?.message.content ?? '', /nulls are absent/, 'OpenAI allows null');
  });

  // Decision 094: a million choices asked for were a million choices answered (by the mock),
  // held in the event loop at once.
  test('n over 128 is a 400 naming it; 128 choices are answered', async () => {
    const askFor = (n: number) =>
      fetch(`${f.server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${f.gatewayKey}` },
        body: JSON.stringify({
          model: 'openai/gpt-4o-mini',
          messages: [{ role: 'user', content: 'hi' }],
          n,
        }),
      });
    const calls = f.mock.calls.length;
    const tooMany = await askFor(1_000_000);
    const refusal = (await tooMany.json()) as { error: { message: string } };
    assert.equal(tooMany.status, 400);
    assert.match(refusal.error.message, /^n: /);
    assert.equal(f.mock.calls.length, calls, 'the provider was not called');
    const most = await askFor(128);
    assert.equal(most.status, 200);
    assert.equal(((await most.json()) as { choices: unknown[] }).choices.length, 128);
  });

  test('an account with no subscription gets 402', async () => {
    const other = await signUp(f.server);
    // Keys need a subscription to create; make one directly for an unsubscribed account.
    await f.server.deps.db.kysely
      .insertInto('subscriptions')
      .values({
        id: 'sub-x',
        account_id: other.accountId,
        tier: 'paid',
        status: 'canceled',
        provider: 'local',
        external_customer_id: null,
        external_subscription_id: null,
        monthly_fee: 89,
        monthly_token_quota: 30_000_000,
        savings_percentage: 25,
        trial_ends_at: null,
        current_period_start: 0,
        current_period_end: 1,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const { createKey } = await import('../../features/api-keys/api-keys.service.ts');
    const key = await createKey(
      f.server.deps,
      {
        user: { id: other.userId } as never,
        tokenHash: '',
        accounts: [],
        account: { id: other.accountId, name: 'x', role: 'owner' },
        scopedTo: null,
      },
      'k',
    );
    const client = new OpenAI({ apiKey: key.key, baseURL: `${f.server.url}/v1`, maxRetries: 0 });
    await assert.rejects(
      client.chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] }),
      (e: unknown) => e instanceof OpenAI.APIError && e.status === 402,
    );
    // Refused before it was the account's traffic: no row, nothing counted (docs/metrics.md).
    await f.server.app.gateway.logs.flush();
    const rows = await f.server.deps.db.kysely
      .selectFrom('request_logs')
      .select('id')
      .where('account_id', '=', other.accountId)
      .execute();
    assert.equal(rows.length, 0);
  });

  test('over the monthly quota: requests pass through unoptimized and count as passthrough', async () => {
    const before = (await f.user.api('GET', `/v1/admin/usage/${f.user.accountId}`)).body;
    await f.server.deps.db.kysely
      .updateTable('usage_periods')
      .set({ total_optimized_tokens: 30_000_000 })
      .where('account_id', '=', f.user.accountId)
      .execute();
    f.server.app.gateway.accounts.invalidate(f.user.accountId);
    const res = await ask(f, 'over quota');
    assert.match(res.choices[0]?.message.content ?? '', /over quota/);
    const row = (await f.logs())[0];
    assert.equal(row?.is_passthrough, 1);
    const afterUsage = (await f.user.api('GET', `/v1/admin/usage/${f.user.accountId}`)).body;
    assert.equal(afterUsage.passthrough_requests, before.passthrough_requests + 1);
    assert.equal(afterUsage.total_requests, before.total_requests + 1);
    await f.server.deps.db.kysely
      .updateTable('usage_periods')
      .set({ total_optimized_tokens: 0 })
      .where('account_id', '=', f.user.accountId)
      .execute();
    f.server.app.gateway.accounts.invalidate(f.user.accountId);
  });

  test('baseline sample rate 100 marks every request as baseline', async () => {
    assert.equal(
      (await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 100 })).status,
      200,
    );
    assert.deepEqual((await f.user.api('GET', '/v1/baseline/config')).body, { sample_rate: 100 });
    await ask(f, 'baseline');
    assert.equal((await f.logs())[0]?.is_baseline, 1);
    await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 0 });
    await ask(f, 'optimized');
    assert.equal((await f.logs())[0]?.is_baseline, 0);
    assert.equal(
      (await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 101 })).status,
      400,
    );
  });

  test('usage counters add up per successful request', async () => {
    const before = (await f.user.api('GET', `/v1/admin/usage/${f.user.accountId}`)).body;
    const res = await ask(f, 'count me');
    await f.logs();
    const afterUsage = (await f.user.api('GET', `/v1/admin/usage/${f.user.accountId}`)).body;
    assert.equal(afterUsage.total_requests, before.total_requests + 1);
    assert.equal(afterUsage.optimized_requests, before.optimized_requests + 1);
    assert.equal(
      afterUsage.total_original_tokens,
      before.total_original_tokens + (res.usage?.prompt_tokens ?? 0),
    );
  });

  test('a prompt holding NUL characters is answered and logged (PostgreSQL text refuses NUL)', async () => {
    const res = await ask(f, 'before\u0000after');
    assert.ok(res.choices[0]?.message.content?.includes('after'));
    await f.server.app.gateway.logs.flush();
    const row = await f.server.deps.db.kysely
      .selectFrom('request_logs')
      .select(['original_text'])
      .where('id', '=', res.id)
      .executeTakeFirst();
    assert.ok(row, 'the row was stored');
    assert.match(row.original_text ?? '', /before\uFFFDafter/);
  });

  test('a dashboard body holding a NUL character is a 400 naming the field', async () => {
    const res = await f.user.api('POST', '/v1/keys', { name: 'bad\u0000name' });
    assert.equal(res.status, 400);
    // The key name's own rule (one line, decision 115) or the body-wide NUL check: either names it.
    assert.match(res.body.message, /name must not contain NUL|Key name must be one line/);
  });
});
