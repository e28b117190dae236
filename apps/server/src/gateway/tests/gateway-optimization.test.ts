import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RedactionSession } from '@tokenwise/pii';
import { countChatTokens, resolveModel } from '@tokenwise/pricing';
import OpenAI from 'openai';
import { CALLERS, callGateway } from './upstream-callers.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const model = 'openai/gpt-4o-mini';
const gpt4oMini = resolveModel(model);

// A prompt with layout noise and filler that every level can shrink, plus facts that must survive.
const WORDY = [
  'Hello there!   I was just wondering if you could possibly help me out with something.',
  '',
  '',
  'Basically, I would really like to know,   in a few words,   what the order number 48213 on https://shop.example.com/orders is about.',
  'Please note that it is actually quite important and I would really, really appreciate it.',
  '{ "order": 48213,   "status":   "shipped",   "items": [ 1, 2, 3 ] }',
].join('\n');

describe('PII redaction and prompt compression through the openai SDK', () => {
  const f = useGatewayFixture();
  const upstreamText = () => JSON.stringify(f.mock.calls.at(-1)?.body);

  test('PII config API: defaults, saving, validation', async () => {
    const initial = (await f.user.api('GET', '/v1/pii-redaction/config')).body;
    assert.equal(initial.enabled, true);
    assert.equal(initial.redact_emails, true);
    assert.equal(initial.redact_credit_cards, false);
    assert.equal(initial.redact_secrets, true, 'keys in prompts are redacted by default');
    const saved = await f.user.api('PUT', '/v1/pii-redaction/config', {
      ...initial,
      redact_phones: false,
    });
    assert.equal(saved.body.redact_phones, false);
    assert.equal((await f.user.api('GET', '/v1/pii-redaction/config')).body.redact_phones, false);
    await f.user.api('PUT', '/v1/pii-redaction/config', { ...initial });
    assert.equal(
      (await f.user.api('PUT', '/v1/pii-redaction/config', { enabled: 'yes' })).status,
      400,
    );
  });

  test('the provider never sees the email; the caller gets it back; the log keeps the placeholder', async () => {
    const res = await f.openai.chat.completions.create({
      model,
      messages: [
        {
          role: 'user',
          content: 'Reply to jane.doe@example.com and cc jane.doe@example.com please',
        },
      ],
    });
    const sent = upstreamText();
    assert.ok(!sent.includes('jane.doe@example.com'), 'upstream saw no email');
    assert.match(sent, /\[EMAIL_REDACTED_1\]/);
    assert.ok(!sent.includes('EMAIL_REDACTED_2'), 'the same value gets the same placeholder');
    assert.match(res.choices[0]?.message.content ?? '', /jane\.doe@example\.com/);
    const row = (await f.logs())[0];
    assert.ok(!(row?.original_text ?? '').includes('jane.doe@example.com'));
    assert.ok(!(row?.response_text ?? '').includes('jane.doe@example.com'));
    assert.match(row?.original_text ?? '', /\[EMAIL_REDACTED_1\]/);
  });

  test('a legacy function message is passed on as written, redacted and uncompressed like a tool answer', async () => {
    // Before: a 400 'messages.2.role: Invalid option: expected one of …|"tool"' for the role
    // OpenAI still accepts from older SDK code (functions / function_call).
    const result = `${WORDY}\nOwner: jane.doe@example.com`;
    const res = await fetch(`${f.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${f.gatewayKey}`,
        'x-tokenwise-cache': 'bypass',
      },
      body: JSON.stringify({
        model,
        functions: [{ name: 'find_order', parameters: { type: 'object', properties: {} } }],
        messages: [
          { role: 'user', content: 'Who owns order 48213?' },
          {
            role: 'assistant',
            content: null,
            function_call: { name: 'find_order', arguments: '{"order":48213}' },
          },
          { role: 'function', name: 'find_order', content: result },
        ],
      }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const sent =
      (f.mock.calls.at(-1)?.body as { messages?: Record<string, unknown>[] } | undefined)
        ?.messages ?? [];
    assert.deepEqual(sent[1]?.function_call, { name: 'find_order', arguments: '{"order":48213}' });
    assert.equal(sent[2]?.role, 'function');
    assert.equal(sent[2]?.name, 'find_order');
    // Redacted like any message; compressed no more than a tool answer (not at all).
    assert.equal(sent[2]?.content, result.replace('jane.doe@example.com', '[EMAIL_REDACTED_1]'));
  });

  test('streamed answers are restored too', async () => {
    const stream = await f.openai.chat.completions.create({
      model,
      stream: true,
      messages: [{ role: 'user', content: 'Call +1 415 555 2671 or mail ops@acme.io' }],
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    assert.ok(!upstreamText().includes('ops@acme.io'));
    assert.ok(!upstreamText().includes('555 2671'));
    assert.match(text, /ops@acme\.io/);
    assert.match(text, /\+1 415 555 2671/);
  });

  test('each SDK, plain and streamed: a placeholder cut across chunks comes back whole', async () => {
    const reply = 'Done: [EMAIL_REDACTED_1], [PHONE_REDACTED_1], [SSN_REDACTED_1].';
    const prompt = 'Update jane@example.com, 415-555-2671 and 123-45-6789 please';
    for (const caller of CALLERS) {
      for (const pieceChars of [1, 4, 7]) {
        f.mock.enqueue({ reply, pieceChars });
        const out = await callGateway(f, caller, prompt, {
          headers: { 'x-tokenwise-cache': 'bypass' },
        });
        const where = `${caller}, ${pieceChars}-character pieces`;
        assert.ok(
          !/jane@|555-2671|45-6789/.test(upstreamText()),
          `${where}: the provider saw none`,
        );
        assert.deepEqual(
          out,
          { ok: true, text: 'Done: jane@example.com, 415-555-2671, 123-45-6789.' },
          where,
        );
      }
    }
  });

  test("a placeholder in a tool call's arguments comes back as valid JSON, each SDK, plain and streamed", async () => {
    // A PEM key holds newlines: restored raw into the arguments' JSON string, the openai SDK's
    // arguments did not parse, the Anthropic SDK's stream threw and a plain tool_use's input was {}.
    const pem =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    const prompt = `Store this key for "ops": ${pem}`;
    const toolCall = {
      name: 'store',
      arguments: { key: '[SECRET_REDACTED_1]', note: 'from "ops"' },
    };
    const expected = { key: pem, note: 'from "ops"' };
    const parameters = { type: 'object' as const, properties: { key: { type: 'string' } } };
    const headers = { headers: { 'x-tokenwise-cache': 'bypass' } };
    const asked = (sdk: string, streamed: boolean, upstream: string) =>
      `${sdk}${streamed ? ' streamed' : ''} to ${upstream}`;
    for (const upstream of [model, 'claude-3-5-haiku-latest']) {
      for (const stream of [false, true]) {
        f.mock.enqueue({ toolCall, ...(stream ? { pieceChars: 3 } : {}) });
        const request = {
          model: upstream,
          tools: [{ type: 'function' as const, function: { name: 'store', parameters } }],
          messages: [{ role: 'user' as const, content: prompt }],
        };
        let args = '';
        if (stream) {
          const chunks = await f.openai.chat.completions.create({ ...request, stream }, headers);
          for await (const c of chunks)
            for (const t of c.choices[0]?.delta.tool_calls ?? [])
              args += t.function?.arguments ?? '';
        } else {
          const answer = await f.openai.chat.completions.create(request, headers);
          const call = answer.choices[0]?.message.tool_calls?.[0];
          args = call?.type === 'function' ? call.function.arguments : '';
        }
        assert.ok(!upstreamText().includes('MIIEvQIBADAN'), 'the provider saw no key');
        assert.deepEqual(JSON.parse(args), expected, asked('openai', stream, upstream));

        f.mock.enqueue({ toolCall, ...(stream ? { pieceChars: 3 } : {}) });
        const claudeRequest = {
          model: upstream,
          max_tokens: 100,
          tools: [{ name: 'store', input_schema: parameters }],
          messages: [{ role: 'user' as const, content: prompt }],
        };
        const message = stream
          ? await f.anthropic.messages.stream(claudeRequest, headers).finalMessage()
          : await f.anthropic.messages.create(claudeRequest, headers);
        const use = message.content.find((b) => b.type === 'tool_use');
        assert.deepEqual(use?.input, expected, asked('anthropic', stream, upstream));
      }
    }
  });

  test('structured output with placeholders comes back as valid JSON: chat parse, streamed JSON mode, responses parse', async () => {
    // Restored raw, the key's newlines left the answer's JSON unparseable: the openai SDK's parse
    // helpers threw 'Bad control character in string literal'.
    const pem =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    const prompt = `As JSON: the owner is jane@example.com, the key\n${pem}`;
    const reply = '{"owner":"[EMAIL_REDACTED_1]","key":"[SECRET_REDACTED_1]"}';
    const expected = { owner: 'jane@example.com', key: pem };
    const schema = {
      type: 'object',
      properties: { owner: { type: 'string' }, key: { type: 'string' } },
    };
    const headers = { headers: { 'x-tokenwise-cache': 'bypass' } };
    for (const upstream of [model, 'claude-3-5-haiku-latest']) {
      f.mock.enqueue({ reply });
      const parsed = await f.openai.chat.completions.parse(
        {
          model: upstream,
          response_format: { type: 'json_schema', json_schema: { name: 'creds', schema } },
          messages: [{ role: 'user', content: prompt }],
        },
        headers,
      );
      assert.ok(!upstreamText().includes('MIIEvQIBADAN'), 'the provider saw no key');
      assert.deepEqual(parsed.choices[0]?.message.parsed, expected, `chat parse, ${upstream}`);

      f.mock.enqueue({ reply, pieceChars: 4 });
      const stream = await f.openai.chat.completions.create(
        {
          model: upstream,
          stream: true,
          response_format: { type: 'json_object' },
          messages: [{ role: 'user', content: prompt }],
        },
        headers,
      );
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      assert.deepEqual(JSON.parse(text), expected, `streamed JSON mode, ${upstream}`);

      f.mock.enqueue({ reply });
      const answer = await f.openai.responses.parse(
        {
          model: upstream,
          input: prompt,
          text: { format: { type: 'json_schema', name: 'creds', schema } },
        },
        headers,
      );
      assert.deepEqual(answer.output_parsed, expected, `responses parse, ${upstream}`);
    }

    f.mock.enqueue({ reply });
    const plain = await f.openai.chat.completions.create(
      { model, messages: [{ role: 'user', content: prompt }] },
      headers,
    );
    assert.equal(
      plain.choices[0]?.message.content,
      `{"owner":"jane@example.com","key":"${pem}"}`,
      'an answer not asked as JSON gets the values as written',
    );
  });

  test("earlier turns' tool calls reach the provider redacted, from each SDK's form", async () => {
    // Before: tool call arguments in the history (chat tool_calls and function_call, Claude's
    // tool_use input, the Responses API's function_call items) went to the provider as written.
    const args = { to: 'ada@example.org', phone: '4155552671', note: 'Hi,\n415-555-2671' };
    const raw = ['ada@example.org', '4155552671', '555-2671'];
    const tools = [{ type: 'function' as const, function: { name: 'send', parameters: {} } }];
    const saw = (where: string) => {
      for (const value of raw) assert.ok(!upstreamText().includes(value), `${where}: ${value}`);
    };
    const headers = { headers: { 'x-tokenwise-cache': 'bypass' } };
    const call = {
      id: 'c1',
      type: 'function' as const,
      function: { name: 'send', arguments: JSON.stringify(args) },
    };
    for (const upstream of [model, 'claude-3-5-haiku-latest', 'gemini/gemini-2.0-flash']) {
      await f.openai.chat.completions.create(
        {
          model: upstream,
          tools,
          messages: [
            { role: 'user', content: 'Send it' },
            { role: 'assistant', content: null, tool_calls: [call] },
            { role: 'tool', tool_call_id: 'c1', content: 'sent' },
          ],
        },
        headers,
      );
      saw(`chat tool_calls to ${upstream}`);
    }
    const legacy = await fetch(`${f.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${f.gatewayKey}`,
        ...headers.headers,
      },
      body: JSON.stringify({
        model,
        functions: [{ name: 'send', parameters: {} }],
        messages: [
          { role: 'user', content: 'Send it' },
          { role: 'assistant', content: null, function_call: call.function },
          { role: 'function', name: 'send', content: 'sent' },
        ],
      }),
    });
    assert.equal(legacy.status, 200);
    saw('legacy function_call');
    await f.anthropic.messages.create(
      {
        model: 'claude-3-5-haiku-latest',
        max_tokens: 100,
        tools: [{ name: 'send', input_schema: { type: 'object' } }],
        messages: [
          { role: 'user', content: 'Send it' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'c1', name: 'send', input: args }],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'sent' }] },
        ],
      },
      headers,
    );
    saw('Claude tool_use');
    assert.deepEqual(
      (f.mock.calls.at(-1)?.body as { messages: { content: { input?: unknown }[] }[] } | undefined)
        ?.messages[1]?.content[0]?.input,
      { to: '[EMAIL_REDACTED_1]', phone: '[PHONE_REDACTED_1]', note: 'Hi,\n[PHONE_REDACTED_1]' },
      'the input stays an object, each value redacted',
    );
    // The model repeats a placeholder in its next call: the caller's tool gets the value.
    f.mock.enqueue({ toolCall: { name: 'send', arguments: { to: '[EMAIL_REDACTED_1]' } } });
    const next = await f.openai.responses.create(
      {
        model,
        tools: [{ type: 'function', name: 'send', parameters: {}, strict: false }],
        input: [
          { role: 'user', content: 'Send it' },
          {
            type: 'function_call',
            call_id: 'c1',
            name: 'send',
            arguments: call.function.arguments,
          },
          { type: 'function_call_output', call_id: 'c1', output: 'sent' },
        ],
      },
      headers,
    );
    saw('Responses function_call');
    const repeated = next.output.find((o) => o.type === 'function_call');
    assert.deepEqual(JSON.parse(repeated?.type === 'function_call' ? repeated.arguments : ''), {
      to: 'ada@example.org',
    });
  });

  test("property names in earlier tool calls' arguments reach the provider redacted, and come back whole", async () => {
    // Before: a map keyed by address or phone went as written, as did every name before a number,
    // an object or a list; only string values were read.
    const args = {
      roles: { 'ada@example.org': 'admin', 'bob@example.org': 3 },
      calls: { '415-555-2671': [1, 2] },
      'mailto:carol@example.org': true,
    };
    const raw = ['ada@example.org', 'bob@example.org', '555-2671', 'carol@example.org'];
    const headers = { headers: { 'x-tokenwise-cache': 'bypass' } };
    f.mock.enqueue({
      toolCall: { name: 'grant', arguments: { '[EMAIL_REDACTED_2]': 'viewer', note: 'done' } },
    });
    const answer = await f.openai.chat.completions.create(
      {
        model,
        tools: [{ type: 'function', function: { name: 'grant', parameters: {} } }],
        messages: [
          { role: 'user', content: 'Grant them' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'c1',
                type: 'function',
                function: { name: 'grant', arguments: JSON.stringify(args) },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'granted' },
        ],
      },
      headers,
    );
    for (const value of raw) assert.ok(!upstreamText().includes(value), value);
    const body = f.mock.calls.at(-1)?.body as
      | { messages: { tool_calls?: { function: { arguments: string } }[] }[] }
      | undefined;
    const sent = body?.messages[1]?.tool_calls?.[0];
    assert.deepEqual(JSON.parse(sent?.function.arguments ?? ''), {
      roles: { '[EMAIL_REDACTED_1]': 'admin', '[EMAIL_REDACTED_2]': 3 },
      calls: { '[PHONE_REDACTED_1]': [1, 2] },
      'mailto:[EMAIL_REDACTED_3]': true,
    });
    const call = answer.choices[0]?.message.tool_calls?.[0];
    assert.deepEqual(JSON.parse(call?.type === 'function' ? call.function.arguments : ''), {
      'bob@example.org': 'viewer',
      note: 'done',
    });
  });

  test("Claude's signed thinking goes back as it was signed, placeholders and its own addresses alike", async () => {
    // Decision 146: Claude refuses a thinking block whose text differs from what it signed, so
    // the block is neither restored in the answer nor redacted in the history. It holds the
    // placeholders Claude saw, and any value Claude wrote itself (here ops@example.com).
    const thinking = 'Mail [EMAIL_REDACTED_1] the summary, cc ops@example.com.';
    f.mock.enqueue(
      { thinking, toolCall: { name: 'send', arguments: { to: '[EMAIL_REDACTED_1]' } } },
      'anthropic',
    );
    const params = {
      model: 'claude-sonnet-4-5',
      max_tokens: 2000,
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      tools: [{ name: 'send', input_schema: { type: 'object' as const } }],
    };
    const question = { role: 'user' as const, content: 'Mail ada@example.org the summary' };
    const headers = { headers: { 'x-tokenwise-cache': 'bypass' } };
    const first = await f.anthropic.messages.create({ ...params, messages: [question] }, headers);
    const block = first.content.find((b) => b.type === 'thinking');
    assert.equal(block?.type === 'thinking' ? block.thinking : '', thinking);
    const use = first.content.find((b) => b.type === 'tool_use');
    assert.deepEqual(use?.type === 'tool_use' ? use.input : {}, { to: 'ada@example.org' });

    const next = await f.anthropic.messages.create(
      {
        ...params,
        messages: [
          question,
          { role: 'assistant', content: first.content },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: use?.id ?? '', content: 'sent' }],
          },
        ],
      },
      headers,
    );
    assert.equal(next.type, 'message', 'the mock, like Claude, checked the signature');
    assert.ok(!upstreamText().includes('ada@example.org'), 'the tool_use input went redacted');
    assert.match(upstreamText(), /cc ops@example\.com/);
  });

  test('texts to embed reach the provider redacted; token ids as they came; off sends them', async () => {
    // Before: embeddings input went to the provider as written, redaction on or off.
    const embedded = () => (f.mock.calls.at(-1)?.body as { input?: unknown } | undefined)?.input;
    const embeddingModel = 'openai/text-embedding-3-small';
    await f.openai.embeddings.create({ model: embeddingModel, input: 'Mail ada@example.org' });
    assert.equal(embedded(), 'Mail [EMAIL_REDACTED_1]');
    await f.openai.embeddings.create({
      model: embeddingModel,
      input: ['ada@example.org', 'call 415-555-2671', 'ada@example.org'],
    });
    assert.deepEqual(embedded(), [
      '[EMAIL_REDACTED_1]',
      'call [PHONE_REDACTED_1]',
      '[EMAIL_REDACTED_1]',
    ]);
    await f.openai.embeddings.create({ model: embeddingModel, input: [[415, 555, 2671]] });
    assert.deepEqual(embedded(), [[415, 555, 2671]]);

    const cfg = (await f.user.api('GET', '/v1/pii-redaction/config')).body;
    await f.user.api('PUT', '/v1/pii-redaction/config', { ...cfg, enabled: false });
    await f.openai.embeddings.create({ model: embeddingModel, input: 'Mail ada@example.org' });
    assert.equal(embedded(), 'Mail ada@example.org');
    await f.user.api('PUT', '/v1/pii-redaction/config', cfg);
  });

  test('a CSV row: the phone before a numeric field reaches the provider redacted', async () => {
    // Before: '415-555-2671,123-45-6789' read as a number going on past the comma, so the phone
    // was sent raw while the SSN after it was redacted.
    const rows =
      'name,phone,ssn,zip\njane,415-555-2671,123-45-6789,94103\nbob,212-555-0187,219-09-9999,10001';
    const res = await f.openai.chat.completions.create(
      { model, messages: [{ role: 'user', content: `Check these rows:\n${rows}` }] },
      { headers: { 'x-tokenwise-cache': 'bypass', 'x-tokenwise-optimization-level': 'off' } },
    );
    for (const value of ['415-555-2671', '212-555-0187', '123-45-6789', '219-09-9999'])
      assert.ok(!upstreamText().includes(value), `the provider saw ${value}`);
    assert.match(upstreamText(), /jane,\[PHONE_REDACTED_1\],\[SSN_REDACTED_1\],94103/);
    assert.equal(res.choices[0]?.message.content, `Echo: Check these rows:\n${rows}`);
  });

  test('cloud credentials in a prompt never reach the provider or the log by default; off sends them', async () => {
    const aws = 'AKIAIOSFODNN7EXAMPLE';
    const pem =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    const github = 'ghp_Abc123Def456Ghi789Jkl012Mno345Pqr678';
    const content = `Deploy with ${aws}, ${github} and\n${pem}`;
    const ask = () =>
      f.openai.chat.completions.create(
        { model, messages: [{ role: 'user', content }] },
        { headers: { 'x-tokenwise-cache': 'bypass' } },
      );
    const res = await ask();
    const logged = (await f.logs())[0]?.original_text ?? '';
    for (const secret of [aws, pem, github]) {
      assert.ok(
        !upstreamText().includes(JSON.stringify(secret).slice(1, -1)),
        'upstream saw a key',
      );
      assert.ok(!logged.includes(secret), 'the log kept a key');
    }
    assert.match(upstreamText(), /\[SECRET_REDACTED_3\]/);
    assert.equal(res.choices[0]?.message.content, `Echo: ${content}`, 'the caller gets them back');

    const cfg = (await f.user.api('GET', '/v1/pii-redaction/config')).body;
    await f.user.api('PUT', '/v1/pii-redaction/config', { ...cfg, redact_secrets: false });
    await ask();
    assert.ok(upstreamText().includes(aws), 'the owner may turn it off');
    assert.equal((await f.user.api('GET', '/v1/pii-redaction/config')).body.redact_secrets, false);
    await f.user.api('PUT', '/v1/pii-redaction/config', cfg);
  });

  test('turning redaction off sends the text as is', async () => {
    const cfg = (await f.user.api('GET', '/v1/pii-redaction/config')).body;
    await f.user.api('PUT', '/v1/pii-redaction/config', { ...cfg, enabled: false });
    await f.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'mail bob@example.org' }],
    });
    assert.match(upstreamText(), /bob@example\.org/);
    await f.user.api('PUT', '/v1/pii-redaction/config', cfg);
  });

  test('fails closed: if redaction throws, the request is refused and nothing is sent', async () => {
    // Every way in (one text or a request's texts at once) starts by reserving the caller's own
    // placeholder-shaped tokens: a crash there is a crash of any redaction.
    const original = RedactionSession.prototype.reserve;
    RedactionSession.prototype.reserve = () => {
      throw new Error('detector crashed');
    };
    try {
      const before = f.mock.calls.length;
      await assert.rejects(
        f.openai.chat.completions.create({
          model,
          messages: [{ role: 'user', content: 'secret a@b.co' }],
        }),
        (e: unknown) =>
          e instanceof OpenAI.APIError &&
          e.status === 500 &&
          /PII redaction failed/.test(e.message),
      );
      assert.equal(f.mock.calls.length, before, 'the provider was not called');
    } finally {
      RedactionSession.prototype.reserve = original;
    }
  });

  test('compression: the upstream gets fewer tokens, facts survive, the log has the real saving', async () => {
    for (const level of ['conservative', 'balanced', 'aggressive'] as const) {
      assert.equal(
        (await f.user.api('PUT', '/v1/settings', { optimization_level: level })).status,
        200,
      );
      const res = await f.openai.chat.completions.create(
        {
          model,
          messages: [{ role: 'user', content: WORDY }],
        },
        { headers: { 'x-tokenwise-cache': 'bypass' } },
      );
      const body = f.mock.calls.at(-1)?.body as { messages: { role: string; content: string }[] };
      const sentTokens = countChatTokens(body.messages, gpt4oMini);
      const originalTokens = countChatTokens([{ role: 'user', content: WORDY }], gpt4oMini);
      assert.ok(sentTokens < originalTokens, `${level} shrank the prompt`);
      for (const fact of ['48213', 'https://shop.example.com/orders', '"shipped"']) {
        assert.ok(
          JSON.stringify(body).includes(fact.replaceAll('"', '\\"')),
          `${level} kept ${fact}`,
        );
      }
      const row = (await f.logs())[0];
      assert.equal(row?.optimization_level, level);
      assert.equal(
        row?.tokens_in,
        res.usage?.prompt_tokens,
        'tokens_in is what the provider billed',
      );
      assert.equal(
        row?.tokens_saved,
        originalTokens - sentTokens,
        'tokens_saved is the real difference',
      );
      assert.equal(row?.original_tokens_in, (row?.tokens_in ?? 0) + (row?.tokens_saved ?? 0));
      assert.ok((row?.optimized_text ?? '').length < (row?.original_text ?? '').length);
    }
  });

  test('the per-request header overrides the level, and off sends the prompt untouched', async () => {
    await f.openai.chat.completions.create(
      { model, messages: [{ role: 'user', content: WORDY }] },
      { headers: { 'x-tokenwise-optimization-level': 'off', 'x-tokenwise-cache': 'bypass' } },
    );
    const body = f.mock.calls.at(-1)?.body as { messages: { content: string }[] };
    assert.equal(body.messages[0]?.content, WORDY);
    assert.equal((await f.logs())[0]?.tokens_saved, 0);
    await assert.rejects(
      f.openai.chat.completions.create(
        { model, messages: [{ role: 'user', content: 'x' }] },
        { headers: { 'x-tokenwise-optimization-level': 'max' } },
      ),
      (e: unknown) => e instanceof OpenAI.BadRequestError,
    );
  });

  test('settings API validates the level', async () => {
    assert.equal(
      (await f.user.api('PUT', '/v1/settings', { optimization_level: 'extreme' })).status,
      400,
    );
    assert.equal(
      (await f.user.api('PUT', '/v1/settings', { optimization_level: 'balanced' })).status,
      200,
    );
    assert.deepEqual((await f.user.api('GET', '/v1/settings')).body, {
      optimization_level: 'balanced',
    });
  });
});
